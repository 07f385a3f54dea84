'use client';

import { Card } from 'antd';
import { useTranslations } from 'next-intl';
import type { HomeTodo } from '@/lib/contract/home';
import { browserPart } from '@/components/common/lazy-part';

/** What the server sends and the page shows until the card's code has come: the card, loading. */
function Skeleton() {
  const t = useTranslations('home');
  return <Card title={t('todo')} size="small" loading />;
}

/** A reviewer's to-do: per stage, the cases waiting for them, the overdue ones and the one waiting longest; each opens its list. */
export const TodoCard = browserPart<{ todo: HomeTodo[]; loading: boolean }>(
  () => import('./todo-card-body').then((m) => m.TodoCardBody),
  () => <Skeleton />,
);
