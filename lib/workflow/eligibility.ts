/** Proof documents a client group may require of its members (labels in the messages, `eligibility.proof.*`). */
export const PROOF_KINDS = [
  'UNEMPLOYMENT_CERT', 'HARDSHIP_CERT', 'DISCHARGE_CERT', 'RELEASE_CERT', 'DIPLOMA', 'MIGRANT_PROOF',
  'SHOP_PROOF', 'POVERTY_PROOF', 'RURAL_PROOF', 'LAYOFF_PROOF', 'HOUSEHOLD', 'OTHER',
] as const;
export type ProofKind = (typeof PROOF_KINDS)[number];

export const CONFIG_STATES = ['ENABLED', 'DISABLED'] as const;
export type ConfigState = (typeof CONFIG_STATES)[number];
