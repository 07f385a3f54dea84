import { blacklistCalls } from './blacklist';
import { blacklistImportCalls } from './blacklist-import';
import { reasonCalls } from './reasons';
import { whitelistCalls } from './whitelist';

/** Eligibility and risk: blacklist (with its import), whitelist and refusal reasons. */
export const riskCalls = [...blacklistCalls, ...blacklistImportCalls, ...whitelistCalls, ...reasonCalls];
