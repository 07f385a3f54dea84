'use client';

import { CrudScreen } from '@/components/crud/crud-screen';
import { historySpec, lookupErrorSpec } from '@/lib/resources/lookups';
import { RetryDialog } from './retry-dialog';

/** The real-time errors of the outside lookups, and the historical-data import with its history. */
export const LookupErrorScreen = () => <CrudScreen spec={lookupErrorSpec} dialogs={{ retry: (props) => <RetryDialog {...props} /> }} />;
export const HistoryScreen = () => <CrudScreen spec={historySpec} />;
