import { blacklistCalls } from './blacklist';
import { blacklistImportCalls } from './blacklist-import';
import { clientGroupCalls } from './client-groups';
import { reasonCalls } from './reasons';
import { whitelistCalls } from './whitelist';

/** Eligibility and risk: blacklist (with its import), whitelist, refusal reasons and client groups. */
export const riskCalls = [...blacklistCalls, ...blacklistImportCalls, ...whitelistCalls, ...reasonCalls, ...clientGroupCalls];
