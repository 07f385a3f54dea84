import { notFound } from 'next/navigation';
import { PendingScreen } from '@/components/shell/pending-screen';
import { MENU_PAGES } from '@/lib/routes';

/**
 * Menu pages whose screens are not open yet render inside the shell (their tab, menu
 * entry and permissions already work); any other path is the 404 page.
 */
export default async function MenuPage({ params }: { params: Promise<{ path: string[] }> }) {
  const path = `/${(await params).path.join('/')}`;
  if (!MENU_PAGES.has(path)) notFound();
  return <PendingScreen path={path} />;
}
