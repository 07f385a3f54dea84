'use client';

import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover, Spin } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWRInfinite from 'swr/infinite';
import { api } from '@/lib/api/client';
import { MESSAGE_PAGE_SIZE } from '@/lib/contract/limits';
import { formatChinaTime } from '@/lib/china-time';
import { lazyPart, useOpenedOnce } from '@/components/common/lazy-part';
import { unreadPageKey, useMessageCount, useRefreshMessages, useViewMessage } from './use-messages';
import { useShell } from './shell-context';
import styles from './message-bell.module.css';
import { useApp } from '@/components/providers/app-notices';
import { EmptyState } from '@/components/common/empty-state';

/** Every message with its search, downloaded when first opened. */
const MessagesDialog = lazyPart(() => import('./messages-dialog').then((m) => m.MessagesDialog));

/** The notification widget: unread messages page by page, 'Load more', 'Clear' (all read). */
function Notifications({ onViewAll, onClose }: { onViewAll: () => void; onClose: () => void }) {
  const t = useTranslations('messages');
  const { message } = useApp();
  const { user } = useShell();
  const view = useViewMessage(onClose);
  const refresh = useRefreshMessages();
  // Every loaded page is fetched again on a refresh: reading a message shifts the ones after it.
  const { data, size, setSize, isLoading, isValidating } = useSWRInfinite(
    unreadPageKey,
    ([path, , pageNum]) => api(path, { pageNum, pageSize: MESSAGE_PAGE_SIZE, hasRead: 0 }),
    { revalidateAll: true },
  );
  const items = data?.flatMap((page) => page.list) ?? [];
  const total = data?.[0]?.total ?? 0;
  const loadingMore = isValidating && size > (data?.length ?? 0);
  const clear = async () => {
    await api('businessMessage/readAll', {});
    void message.success(t('cleared'));
    await refresh();
  };
  return (
    <div className={styles.panel}>
      {isLoading ? <div className={styles.center}><Spin /></div> : items.length === 0 ? (
        <EmptyState description={t('empty')} />
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.id} className={styles.item}>
              {user.type === 0 ? <span>{item.msgDetails}</span> : (
                <button type="button" className={styles.itemButton} onClick={() => view(item)}>{item.msgDetails}</button>
              )}
              <time className={styles.time} dateTime={item.createTime}>{formatChinaTime(item.createTime)}</time>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.footer}>
        {items.length > 0 && (items.length >= total
          ? <span className={styles.muted}>{t('loadedAll')}</span>
          : <Button type="link" size="small" onClick={() => setSize(size + 1)} disabled={loadingMore}>{loadingMore ? t('loading') : t('loadMore')}</Button>)}
        {items.length > 0 && <Button type="link" size="small" onClick={clear}>{t('clear')}</Button>}
        <Button type="link" size="small" onClick={onViewAll}>{t('viewAll')}</Button>
      </div>
    </div>
  );
}

/** The message icon: a dot while something is unread, the widget on click, 'my messages' from there. */
export function MessageBell() {
  const t = useTranslations('messages');
  const { data: count = 0 } = useMessageCount();
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState(false);
  const dialogOpened = useOpenedOnce(dialog);
  return (
    <>
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        placement="bottomRight"
        title={t('title')}
        content={open ? <Notifications onClose={() => setOpen(false)} onViewAll={() => { setOpen(false); setDialog(true); }} /> : null}
        destroyOnHidden
      >
        <Button type="text" aria-label={count > 0 ? t('unread', { count }) : t('bell')}>
          <Badge dot={count > 0} offset={[-2, 2]}><BellOutlined style={{ fontSize: 18 }} /></Badge>
        </Button>
      </Popover>
      {dialogOpened && <MessagesDialog open={dialog} onClose={() => setDialog(false)} />}
    </>
  );
}
