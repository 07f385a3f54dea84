'use client';

import type { ComponentType, ReactNode } from 'react';
import type { ResourceSpec } from '@/lib/resources/types';
import { browserPart } from '@/components/common/lazy-part';
import { LoadingCard } from '@/components/common/loading-card';
import type { CrudScreenBody } from './crud-screen-body';

export type RowDialogs<Row> = Record<string, (props: { row: Row; close: () => void; refresh: () => Promise<unknown> }) => ReactNode>;

type ScreenProps<Row> = { spec: ResourceSpec<Row>; dialogs?: RowDialogs<Row>; extra?: ReactNode };

/**
 * The generic screen: search form, server-paged (or lazily loaded tree) table, edit modal,
 * row actions and delete, all from a resource spec; filters, page and order live in the URL.
 * Buttons the user lacks are not rendered; the server refuses them anyway.
 * Everything on the screen comes from calls made in the browser: the server sends a skeleton,
 * which also keeps client-only widget state out of the hydrated HTML, and the screen's code
 * (crud-screen-body.tsx) is downloaded beside the shell's hydration.
 */
export const CrudScreen = browserPart<ScreenProps<object>>(
  () => import('./crud-screen-body').then((m) => m.CrudScreenBody as ComponentType<ScreenProps<object>>),
  ({ spec }) => <LoadingCard title={spec.title ?? `resources.${spec.key}.title`} />,
) as typeof CrudScreenBody;
