'use client';

import { CrudScreen } from '@/components/crud/crud-screen';
import { lazyPart } from '@/components/common/lazy-part';
import { historySpec, lookupErrorSpec } from '@/lib/resources/lookups';

/** The row dialogs, downloaded when first opened. */
const RetryDialog = lazyPart(() => import('./retry-dialog').then((m) => m.RetryDialog));

/** The real-time errors of the outside lookups, and the historical-data import with its history. */
export const LookupErrorScreen = () => <CrudScreen spec={lookupErrorSpec} dialogs={{ retry: (props) => <RetryDialog {...props} /> }} />;
export const HistoryScreen = () => <CrudScreen spec={historySpec} />;
