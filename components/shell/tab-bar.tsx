'use client';

import { CloseOutlined, DownOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs, type MenuProps } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import type { MenuItem } from '@/lib/contract/auth';
import { isClosable } from '@/lib/tabs';
import { pageTitle } from './page-titles';
import type { useTabs } from './use-tabs';
import styles from './tab-bar.module.css';
import { SHELL_PART } from './part-names';

type TabsApi = ReturnType<typeof useTabs>;

/** The multi-tab bar: a tab per open page, each with a context menu, and the same actions for the active tab. */
export function TabBar({ tabs, menu }: { tabs: TabsApi; menu: MenuItem[] }) {
  const t = useTranslations('tabs');
  const tp = useTranslations('pages');
  const locale = useLocale();
  const router = useRouter();
  const { state } = tabs;
  const bar = useRef<HTMLElement>(null);
  usePinnedHome(bar, state.tabs.length);

  const actions = (path: string): MenuProps => {
    const index = state.tabs.findIndex((tab) => tab.path === path);
    const tab = state.tabs[index];
    const closable = state.tabs.filter((candidate) => isClosable(state, candidate.path));
    return {
      items: [
        { key: 'refresh', label: t('refresh'), disabled: path !== state.active },
        { key: 'close', label: t('close'), disabled: !isClosable(state, path) },
        { key: 'closeLeft', label: t('closeLeft'), disabled: !state.tabs.slice(0, index).some((c) => isClosable(state, c.path)) },
        { key: 'closeRight', label: t('closeRight'), disabled: !state.tabs.slice(index + 1).some((c) => isClosable(state, c.path)) },
        { key: 'closeOthers', label: t('closeOthers'), disabled: !closable.some((c) => c.path !== path) },
        { key: 'closeAll', label: t('closeAll'), disabled: closable.length === 0 },
      ],
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        if (key === 'refresh' && tab) router.push(`/refresh?url=${encodeURIComponent(tab.url)}`);
        else if (key === 'close') tabs.close(path);
        else if (key === 'closeLeft') tabs.closeLeft(path);
        else if (key === 'closeRight') tabs.closeRight(path);
        else if (key === 'closeOthers') tabs.closeOthers(path);
        else if (key === 'closeAll') tabs.closeAll();
      },
    };
  };

  /** Delete on a focused tab closes the active one (as the close mark does for a pointer). */
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Delete' && (event.target as HTMLElement).getAttribute('role') === 'tab' && isClosable(state, state.active)) tabs.close(state.active);
  };

  // The tab list holds tabs only (WAI-ARIA): antd's close buttons and the actions button would
  // be buttons inside it, so a tab's close mark is part of the tab (a pointer closes with it,
  // the keyboard with Delete or the actions menu) and the actions button sits beside the list.
  return (
    <nav ref={bar} className={styles.bar} aria-label={t('label')} onKeyDown={onKeyDown} data-deferred-part={SHELL_PART.tabs}>
      <Tabs
        className={styles.tabs}
        type="card"
        size="small"
        activeKey={state.active}
        onChange={tabs.activate}
        aria-label={t('label')}
        items={state.tabs.map((tab) => {
          const title = pageTitle(tab.path, menu, locale, tp);
          return {
            key: tab.path,
            label: (
              <Dropdown trigger={['contextMenu']} menu={actions(tab.path)}>
                <span className={styles.label}>
                  <span>{title}</span>
                  {isClosable(state, tab.path) && (
                    <span className={styles.close} data-tab-close aria-hidden="true" title={t('closeNamed', { title })}
                      onClick={(event) => { event.stopPropagation(); tabs.close(tab.path); }}>
                      <CloseOutlined />
                    </span>
                  )}
                </span>
              </Dropdown>
            ),
          };
        })}
      />
      {/* Every open tab, those scrolled out of the bar included. */}
      <Dropdown trigger={['click']} placement="bottomRight" menu={{
        items: state.tabs.map((tab) => ({ key: tab.path, label: pageTitle(tab.path, menu, locale, tp) })),
        selectable: true, selectedKeys: [state.active],
        onClick: ({ key }) => tabs.activate(key),
      }}>
        <Button size="small" type="text" icon={<UnorderedListOutlined />} aria-label={t('all')} title={t('all')} className={styles.more} />
      </Dropdown>
      <Dropdown trigger={['click']} menu={actions(state.active)} placement="bottomRight">
        <Button size="small" type="text" icon={<DownOutlined />} aria-label={t('more')} className={styles.more} />
      </Dropdown>
    </nav>
  );
}

/**
 * Keeps the entry page's tab (the first, never closed) in view: antd scrolls the tab list by
 * moving it (a transform), and the first tab is moved back by as much, over the tabs passing
 * under it.
 */
function usePinnedHome(bar: RefObject<HTMLElement | null>, count: number) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list is drawn again when the number of tabs changes
  useEffect(() => {
    const root = bar.current;
    if (!root) return;
    // The list and its first tab are looked up on every change: antd may draw them anew (after hydration, on a resize).
    const sync = () => {
      const list = root.querySelector<HTMLElement>('.ant-tabs-nav-list');
      const home = list?.querySelector<HTMLElement>('.ant-tabs-tab');
      if (!list || !home) return;
      const shift = -Number(/translate(?:3d|X)?\((-?[\d.]+)px/.exec(list.style.transform)?.[1] ?? 0);
      const transform = shift > 0 ? `translateX(${shift}px)` : '';
      // Written only when it changes, so the observer does not call itself.
      if (home.style.transform !== transform) home.style.transform = transform;
      if (home.hasAttribute('data-pinned') !== shift > 0) home.toggleAttribute('data-pinned', shift > 0);
    };
    const observer = new MutationObserver(sync);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['style'] });
    sync();
    return () => observer.disconnect();
  }, [bar, count]);
}
