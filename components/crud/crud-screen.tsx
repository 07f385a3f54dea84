'use client';

import { Card } from 'antd';
import { useTranslations } from 'next-intl';
import type { ComponentType, ReactNode } from 'react';
import type { ResourceSpec } from '@/lib/resources/types';
import { browserPart } from '@/components/common/lazy-part';
import type { CrudScreenBody } from './crud-screen-body';

export type RowDialogs<Row> = Record<string, (props: { row: Row; close: () => void; refresh: () => Promise<unknown> }) => ReactNode>;

type ScreenProps<Row> = { spec: ResourceSpec<Row>; dialogs?: RowDialogs<Row>; extra?: ReactNode };

/** What the server sends and the page shows until the screen's code has come: the screen's card, loading. */
function ScreenSkeleton({ spec }: ScreenProps<object>) {
  const t = useTranslations();
  return <Card title={t(`resources.${spec.key}.title`)} loading />;
}

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
  (props) => <ScreenSkeleton {...props} />,
) as typeof CrudScreenBody;
