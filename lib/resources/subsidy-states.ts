import type { ClaimState } from '../workflow/subsidy';

/** The colour of a claim's state tag, in the claims' list and a loan's schedule alike. */
export const CLAIM_STATE_COLORS: Record<ClaimState, string> = {
  DRAFT: 'default', SUBMITTED: 'blue', CHECKED: 'geekblue', APPROVED: 'gold', RETURNED: 'red', PAID: 'green',
};
