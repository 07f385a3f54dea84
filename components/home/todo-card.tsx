'use client';

import type { HomeTodo } from '@/lib/contract/home';
import { browserPart } from '@/components/common/lazy-part';
import { LoadingCard } from '@/components/common/loading-card';

/** A reviewer's to-do: per stage, the cases waiting for them, the overdue ones and the one waiting longest; each opens its list. */
export const TodoCard = browserPart<{ todo: HomeTodo[]; loading: boolean }>(
  () => import('./todo-card-body').then((m) => m.TodoCardBody),
  () => <LoadingCard title="home.todo" small />,
);
