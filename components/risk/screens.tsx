'use client';

import { CrudScreen } from '@/components/crud/crud-screen';
import { blacklistSpec, indicatorReasonSpec, statusReasonSpec, whitelistSpec } from '@/lib/resources/risk';
import { RelieveDialog } from './relieve-dialog';

/** The eligibility and risk screens: blacklist, whitelist and the refusal reasons. */
export const BlacklistScreen = () => <CrudScreen spec={blacklistSpec} dialogs={{ relieve: (props) => <RelieveDialog {...props} /> }} />;
export const WhitelistScreen = () => <CrudScreen spec={whitelistSpec} />;
export const IndicatorReasonScreen = () => <CrudScreen spec={indicatorReasonSpec} />;
export const StatusReasonScreen = () => <CrudScreen spec={statusReasonSpec} />;
