import { notFound } from 'next/navigation';
import { ErrorResult } from '@/components/common/error-result';

/**
 * The 403 and 500 pages of a signed-in user, inside the shell (side menu, header, tabs): the
 * route guard (proxy.ts) serves /403 and /500 from here when there is a session, and an
 * address that is no page from the 404 below (not-found.tsx), so the address stays as it was.
 */
export default async function ShellError({ params }: { params: Promise<{ status: string }> }) {
  const { status } = await params;
  if (status === '403') return <ErrorResult status={403} inShell />;
  if (status === '500') return <ErrorResult status={500} inShell />;
  notFound();
}
