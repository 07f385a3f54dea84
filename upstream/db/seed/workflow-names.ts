import type { BorrowerType } from '../../../lib/workflow/stages';

/** The seeded approval flows' names, one per borrower type, in both languages. */
export const MODULE_NAMES: Record<BorrowerType, { zh: string; en: string }> = {
  PERSON: { zh: '个人创业担保贷款', en: 'Personal start-up guarantee loan' },
  SMALL_COMPANY: { zh: '小微企业创业担保贷款', en: 'Small business start-up guarantee loan' },
  PARTNERSHIP: { zh: '合伙创业担保贷款', en: 'Partnership start-up guarantee loan' },
};
