'use client';

import { useTranslations } from 'next-intl';
import { usePathname, useRouter } from 'next/navigation';
import { useCallback, useRef } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { unstable_serialize } from 'swr/infinite';
import { api } from '@/lib/api/client';
import type { MessageItem } from '@/lib/contract/messages';
import { MENU_VERSION_HEADER } from '@/lib/contract/session';
import { useShell } from './shell-context';
import { useApp } from '@/components/providers/app-notices';

/** SPEC.md section 9: the unread count is polled on load and every 10 seconds (a GET: Next makes no body stream for it). */
const MESSAGE_POLL_MS = 10_000;
const COUNT_KEY = 'businessMessage/count';
const LIST_PATH = 'businessMessage/list';

/** The key of page `index + 1` of the bell widget's unread messages (useSWRInfinite). */
export const unreadPageKey = (index: number) => [LIST_PATH, 'unread', index + 1] as const;

/**
 * The unread count. A failed poll says 'message fetch error' once, not at every poll, until
 * a poll succeeds again. A changed grant version on the answer reloads menu and buttons.
 */
export function useMessageCount() {
  const t = useTranslations('errors');
  const { message } = useApp();
  const { refreshGrants } = useShell();
  const failing = useRef(false);
  return useSWR(COUNT_KEY, async () => {
    let changed = false;
    try {
      const count = await api(COUNT_KEY, {}, {
        method: 'GET', silent: true,
        onResponse: (response) => { changed = response.headers.has(MENU_VERSION_HEADER); },
      });
      failing.current = false;
      if (changed) await refreshGrants();
      return count;
    } catch (error) {
      if (!failing.current) void message.error({ content: t('messageFetch'), key: 'message-fetch' });
      failing.current = true;
      throw error;
    }
  }, { refreshInterval: MESSAGE_POLL_MS, revalidateOnFocus: true, dedupingInterval: 2_000 });
}

/**
 * After messages were read: refreshes the unread count, the 'my messages' table and the
 * widget's pages. The widget's useSWRInfinite cache has a key of its own, which a filter
 * passed to mutate() never matches.
 */
export function useRefreshMessages() {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await Promise.all([
      mutate(COUNT_KEY),
      mutate((key) => Array.isArray(key) && key[0] === LIST_PATH),
      mutate(unstable_serialize(unreadPageKey)),
    ]);
  }, [mutate]);
}

/** 'view': marks the message read, refreshes the count and lists, and opens its page when that is not the current one. */
export function useViewMessage(onNavigate?: () => void) {
  const refresh = useRefreshMessages();
  const router = useRouter();
  const pathname = usePathname();
  return useCallback(async (item: MessageItem) => {
    await api('businessMessage/read', { id: item.id });
    await refresh();
    if (item.menuUrl && item.menuUrl.split('?')[0] !== pathname) {
      onNavigate?.();
      router.push(item.menuUrl);
    }
  }, [refresh, router, pathname, onNavigate]);
}
