/**
 * The loan workflow's vocabulary (DESIGN.md section 5): review stages with their pages and
 * the SPEC.md `type` numbers, application statuses and the actions. Plain constants, safe
 * for the browser, the BFF and the upstream alike.
 */
export const STAGES = [
  'RS_FIRST', 'RS_SECOND', 'RS_FINAL', 'GC_FIRST', 'GC_SECOND', 'GC_HOUSE', 'BANK_FIRST', 'BANK_SECOND', 'BANK_TRANSFER',
] as const;
export type Stage = (typeof STAGES)[number];

export type StageOrgType = 'RENSHE' | 'GUARANTEE' | 'BANK';

export interface StageInfo {
  stage: Stage;
  /** The workbench page of the stage. */
  path: string;
  /** The page's type parameter (SPEC.md section 2). */
  type: number;
  /** Which of the application's organisations works the stage. */
  orgType: StageOrgType;
  /** Module of the stage's `module::action` buttons. */
  module: string;
}

const info = (stage: Stage, path: string, type: number, orgType: StageOrgType): StageInfo =>
  ({ stage, path, type, orgType, module: path.split('/').pop()!.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()) });

export const STAGE_INFO: Record<Stage, StageInfo> = {
  RS_FIRST: info('RS_FIRST', '/renshe/renshe-first', 33, 'RENSHE'),
  RS_SECOND: info('RS_SECOND', '/renshe/renshe-last', 34, 'RENSHE'),
  RS_FINAL: info('RS_FINAL', '/renshe/renshe-final', 155, 'RENSHE'),
  GC_FIRST: info('GC_FIRST', '/guarantee/guarantee-first', 35, 'GUARANTEE'),
  GC_SECOND: info('GC_SECOND', '/guarantee/guarantee-last', 36, 'GUARANTEE'),
  GC_HOUSE: info('GC_HOUSE', '/guarantee/guarantee-house', 37, 'GUARANTEE'),
  BANK_FIRST: info('BANK_FIRST', '/bank/bank-first', 37, 'BANK'),
  BANK_SECOND: info('BANK_SECOND', '/bank/bank-last', 38, 'BANK'),
  BANK_TRANSFER: info('BANK_TRANSFER', '/bank/bank-forward', 39, 'BANK'),
};

export const stageOfPath = (path: string): Stage | undefined => STAGES.find((s) => STAGE_INFO[s].path === path);

/** IN_REVIEW sits at a stage; APPROVED waits for the bank's loan decision; the rest are exits. */
export const APPLICATION_STATUSES = ['IN_REVIEW', 'RETURNED', 'APPROVED', 'LOANED', 'NOT_ISSUED', 'REFUSED', 'WITHDRAWN'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** How an issued loan is being repaid, as the bank reports it: on time, overdue (by days), or paid by the guarantee company (代偿). */
export const REPAYMENT_STATES = ['NORMAL', 'OVERDUE', 'COMPENSATED'] as const;
export type RepaymentState = (typeof REPAYMENT_STATES)[number];

export const BORROWER_TYPES = ['PERSON', 'SMALL_COMPANY', 'PARTNERSHIP'] as const;
export type BorrowerType = (typeof BORROWER_TYPES)[number];

export const GUARANTEE_METHODS = ['HOUSE', 'GUARANTOR', 'CREDIT'] as const;
export type GuaranteeMethod = (typeof GUARANTEE_METHODS)[number];

/** Everything that writes an approval record. */
export const ACTIONS = [
  'SUBMIT', 'CHECK', 'REJECT', 'RETURN', 'REFUSE', 'REDEPLOY', 'ADMIN_REDEPLOY', 'TURN_OVER',
  'QUOTA', 'RESIGN', 'BANK_STATE', 'WITHDRAW', 'SUPPLEMENT',
] as const;
export type Action = (typeof ACTIONS)[number];

/** The buttons of every workbench page, as actions of the stage's module. */
const WORKBENCH_BUTTONS = ['check', 'reject', 'refuse', 'redeploy', 'adminRedeploy', 'turnOver', 'withdraw', 'export', 'reveal'] as const;
/** Buttons only some stages have. */
export const STAGE_EXTRA_BUTTONS: Partial<Record<Stage, readonly string[]>> = {
  GC_FIRST: ['quota', 'reSign'],
  GC_SECOND: ['quota', 'reSign'],
  GC_HOUSE: ['quota', 'reSign', 'house'],
  BANK_TRANSFER: ['bankState', 'reSign'],
};

export const stageButtons = (stage: Stage) =>
  [...WORKBENCH_BUTTONS, ...(STAGE_EXTRA_BUTTONS[stage] ?? [])].map((action) => `${STAGE_INFO[stage].module}::${action}`);
