import { blacklistCalls } from './blacklist';
import { blacklistImportCalls } from './blacklist-import';
import { clientGroupCalls } from './client-groups';
import { indicatorCalls } from './indicators';
import { modelCalls } from './models';
import { redFlagCalls } from './red-flags';
import { strategyCalls } from './strategy';
import { reasonCalls } from './reasons';
import { whitelistCalls } from './whitelist';

/** Eligibility and risk: blacklist (with its import), whitelist, refusal reasons, client groups,
 * indicators with their issued versions, models, red flags and the blacklist strategy. */
export const riskCalls = [...blacklistCalls, ...blacklistImportCalls, ...whitelistCalls, ...reasonCalls, ...clientGroupCalls,
  ...indicatorCalls, ...modelCalls, ...redFlagCalls, ...strategyCalls];
