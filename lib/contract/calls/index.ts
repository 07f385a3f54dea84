import type { z } from 'zod';
import { authCalls } from './auth';
import { commonCalls } from './common';
import { systemCalls } from './system';
import { flowCalls } from './flow';
import { workflowCalls } from './workflow';
import { statisticsCalls } from './statistics';
import { contentCalls } from './content';
import { applicationCalls } from './applications';
import { reportCalls } from './reports';
import { smsCalls } from './sms';
import { productCalls } from './products';
import { agreementCalls } from './agreement';
import { riskCalls } from './risk';
import { lookupCalls } from './lookups';
import { pushCalls } from './push';
import { logCalls } from './logs';
import { guaranteeSideCalls, loanCalls } from './loans';
import { subsidyCalls } from './subsidy';

/**
 * The call table (DESIGN.md section 3): every call of the /api contract, once, by its path.
 * The service mounts from it, the BFF forwards by it, the UI calls by it (`api(path, input)`),
 * tests parse answers with its output schemas and /api/openapi.json is generated from it.
 */
export const CALLS = {
  ...authCalls, ...commonCalls, ...systemCalls, ...flowCalls, ...workflowCalls, ...statisticsCalls, ...contentCalls, ...applicationCalls, ...reportCalls,
  ...smsCalls, ...productCalls, ...agreementCalls, ...riskCalls, ...lookupCalls, ...pushCalls, ...loanCalls, ...guaranteeSideCalls, ...logCalls,
  ...subsidyCalls,
};

type Calls = typeof CALLS;
export type CallPath = keyof Calls;
/** What a caller sends (before defaults and transforms). */
export type CallInput<P extends CallPath> = z.input<Calls[P]['input']>;
/** What a successful answer's `data` holds. */
export type CallOutput<P extends CallPath> = z.output<Calls[P]['output']>;
