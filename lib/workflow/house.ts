/** House property pledged for a house-mortgage loan: the states of its mortgage. Plain constants, safe for the browser. */
export const HOUSE_STATES = ['PENDING', 'REGISTERED', 'RELEASED'] as const;

