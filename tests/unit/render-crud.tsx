import { render } from '@testing-library/react';
import { App } from 'antd';
import { NextIntlClientProvider, type AbstractIntlMessages } from 'next-intl';
import { SWRConfig } from 'swr';
import { CrudScreen } from '@/components/crud/crud-screen';
import { ShellProvider } from '@/components/shell/shell-context';
import type { ResourceSpec } from '@/lib/resources/types';

// The screen's body is loaded apart from CrudScreen (browserPart): loaded here, with the test file,
// its first import is not counted in the first test's time.
await import('@/components/crud/crud-screen-body');

/**
 * Renders a screen spec in the engine as a signed-in user holding `buttons` of `component` (an
 * administrator, `type` 0, holds every call, for specs naming calls of no table), in Chinese, with a fresh SWR cache.
 */
export function renderCrud<Row extends object>(spec: ResourceSpec<Row>, messages: AbstractIntlMessages, component: string, buttons: string[] = [], type = 1) {
  const user = { id: 1, username: 'u', nickname: 'U', type, uuid: 'x', orgName: null };
  return render(
    <NextIntlClientProvider locale="zh-CN" messages={messages} timeZone="Asia/Shanghai">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <App>
          <ShellProvider user={user} initialMenu={{ menu: [], access: [], version: 'v' }} initialPowers={[{ component, btnList: buttons }]}>
            <CrudScreen spec={spec} />
          </ShellProvider>
        </App>
      </SWRConfig>
    </NextIntlClientProvider>,
  );
}
