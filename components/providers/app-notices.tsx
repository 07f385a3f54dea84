'use client';

import AppContext, { type useAppProps } from 'antd/es/app/context';
import { type ReactNode, useContext, useMemo, useState } from 'react';
import { lazyPart } from '@/components/common/lazy-part';
import { THEME_CLASS } from '@/lib/theme';

type Notices = useAppProps;
type Kind = keyof Notices;

/** What a caller may ask of each kind. */
const METHODS: Record<Kind, readonly string[]> = {
  message: ['open', 'success', 'error', 'info', 'warning', 'loading', 'destroy'],
  notification: ['open', 'success', 'error', 'info', 'warning', 'destroy'],
  modal: ['confirm', 'info', 'success', 'error', 'warning'],
};

type Call = (...args: unknown[]) => unknown;
interface Pending { kind: Kind; method: string; args: unknown[]; settle: (value: unknown) => void }

/** antd's holders of messages, notifications and dialogs, downloaded on the first call. */
const Holders = lazyPart(() => import('./app-notices-holders').then((m) => m.NoticeHolders));

/**
 * antd's App context (message, notification, modal, as `App.useApp()` gives them) without
 * antd's message, notification and modal code in the page's first load: a call made before that
 * code has come waits for it and is then made as it was, settling with what antd's own call
 * gives (`await message.success(...)` still waits for the toast to close). Draws antd App's box.
 */
export function AppNotices({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const { notices, attach } = useMemo(() => {
    let real: Notices | null = null;
    const pending: Pending[] = [];
    const call = (kind: Kind, method: string, args: unknown[]) => ((real![kind] as unknown as Record<string, Call>)[method]!)(...args);
    const facade = (kind: Kind) => Object.fromEntries(METHODS[kind].map((method) => [method, (...args: unknown[]) => {
      if (real) return call(kind, method, args);
      setWanted(true);
      return new Promise((settle) => { pending.push({ kind, method, args, settle }); });
    }]));
    return {
      notices: { message: facade('message'), notification: facade('notification'), modal: facade('modal') } as unknown as Notices,
      attach: (holders: Notices) => {
        real = holders;
        for (const { kind, method, args, settle } of pending.splice(0)) settle(call(kind, method, args));
      },
    };
  }, []);
  return (
    <AppContext.Provider value={notices}>
      <div className={`ant-app ${THEME_CLASS}`}>{children}</div>
      {wanted && <Holders attach={attach} />}
    </AppContext.Provider>
  );
}

/** antd's `App.useApp()` without importing antd's App (and with it the notices' code). */
export const useApp = (): Notices => useContext(AppContext);
