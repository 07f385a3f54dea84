'use client';

import { CrudScreen } from '@/components/crud/crud-screen';
import { lazyPart } from '@/components/common/lazy-part';
import { blacklistSpec, clientGroupSpec, indicatorReasonSpec, statusReasonSpec, strategySpec, whitelistSpec } from '@/lib/resources/risk';
import { BorrowerTypes } from './borrower-types';
import { indicatorSpec } from '@/lib/resources/indicators';
import { IssueBar } from './issue-bar';

/** The row dialogs, downloaded when first opened. */
const RelieveDialog = lazyPart(() => import('./relieve-dialog').then((m) => m.RelieveDialog));

/** The eligibility and risk screens: blacklist, whitelist, refusal reasons and client groups (with the borrower types' caps). */
export const BlacklistScreen = () => <CrudScreen spec={blacklistSpec} dialogs={{ relieve: (props) => <RelieveDialog {...props} /> }} />;
export const WhitelistScreen = () => <CrudScreen spec={whitelistSpec} />;
export const IndicatorReasonScreen = () => <CrudScreen spec={indicatorReasonSpec} />;
export const StatusReasonScreen = () => <CrudScreen spec={statusReasonSpec} />;
export const ClientGroupScreen = () => <><BorrowerTypes /><CrudScreen spec={clientGroupSpec} /></>;
export const IndicatorScreen = () => <><IssueBar /><CrudScreen spec={indicatorSpec} /></>;
export { ModelScreen } from './models';
export const StrategyScreen = () => <CrudScreen spec={strategySpec} />;
