import { redirect } from 'next/navigation';
import { safeRedirect } from '@/lib/redirect';

/** /redirect/<route>: goes to /<route> (with the query kept); only same-origin paths. */
export default async function RedirectPage({ params, searchParams }: {
  params: Promise<{ route: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ route }, query] = await Promise.all([params, searchParams]);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const v of [value].flat()) if (v !== undefined) search.append(key, v);
  const path = `/${route.map(encodeURIComponent).join('/')}${search.size ? `?${search}` : ''}`;
  redirect(safeRedirect(path));
}
