import { notFound, redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { PageMessages } from '@/components/providers/page-messages';
import { AdminShell } from '@/components/shell/admin-shell';
import { ShellProvider } from '@/components/shell/shell-context';
import { currentGrants, currentSession, currentUserInfo, requestDevice } from '@/lib/server/request';

/** Signed-in pages: the session must be sealed by us and still accepted by the platform service. */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const [session, info, grants, device] = await Promise.all([currentSession(), currentUserInfo(), currentGrants(), requestDevice()]);
  // The route guard sends every known page without a session to /login; what is left is no page at all.
  if (!session) notFound();
  if (info === 'expired') redirect('/api/session/end');
  const user = {
    username: session.user.username, nickname: info?.nickname ?? session.user.nickname, type: session.user.type,
    uuid: session.uuid, orgName: info?.orgName ?? null,
  };
  return (
    <PageMessages of="shell">
      <ShellProvider user={user} initialMenu={grants.menu} initialPowers={grants.powers}>
        <AdminShell initialDevice={device ?? undefined}>{children}</AdminShell>
      </ShellProvider>
    </PageMessages>
  );
}
