import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { notFound, redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import '@/styles/antd.generated.css';
import './admin.css';
import { AppProviders } from '@/components/providers/app-providers';
import { PageMessages } from '@/components/providers/page-messages';
import { AdminShell } from '@/components/shell/admin-shell';
import { ShellProvider } from '@/components/shell/shell-context';
import { cookies } from 'next/headers';
import { currentGrants, currentSession, currentUserInfo, requestDevice, requestLocale, requestNonce } from '@/lib/server/request';
import { TABS_COOKIE, tabsFromCookie } from '@/lib/tabs';

/**
 * Signed-in pages: the session must be sealed by us and still accepted by the platform service.
 * antd's providers and its stylesheet (then our additions to it) come with this layout only.
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const [session, info, grants, device, locale, nonce, jar] = await Promise.all([
    currentSession(), currentUserInfo(), currentGrants(), requestDevice(), requestLocale(), requestNonce(), cookies(),
  ]);
  // The route guard sends every known page without a session to /login; what is left is no page at all.
  if (!session) notFound();
  if (info === 'expired') redirect('/api/session/end');
  const user = {
    id: info?.id ?? null, username: session.user.username, nickname: info?.nickname ?? session.user.nickname, type: session.user.type,
    uuid: session.uuid, orgName: info?.orgName ?? null,
  };
  return (
    <AppProviders locale={locale} antdLocale={locale === 'zh-CN' ? zhCN : enUS} nonce={nonce}>
      <PageMessages of="shell">
        <ShellProvider user={user} initialMenu={grants.menu} initialPowers={grants.powers}>
          {/* The tabs of the page before, from this browser's cookie: drawn with the page, not after its scripts. */}
          <AdminShell initialDevice={device ?? undefined} initialTabs={tabsFromCookie(jar.get(TABS_COOKIE)?.value, session.user.username)}>{children}</AdminShell>
        </ShellProvider>
      </PageMessages>
    </AppProviders>
  );
}
