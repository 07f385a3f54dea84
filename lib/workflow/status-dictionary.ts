import { APPLICATION_STATUSES, STAGES, type ApplicationStatus, type Stage } from './stages';

/**
 * The status dictionary (SPEC.md section 4: statuses come from the server): every status a
 * case shows, a case in review by its stage. The service labels it in the reader's language
 * (businessApproveRecord/approvalStatus); the workbench's status filter and tags read it.
 */
export const STATUS_COLORS: Record<ApplicationStatus, string> = {
  IN_REVIEW: 'processing', RETURNED: 'orange', APPROVED: 'cyan', LOANED: 'green', NOT_ISSUED: 'default', REFUSED: 'red', WITHDRAWN: 'default',
};

/** The dictionary's value of a case's status: `IN_REVIEW:<stage>` in review, else the status. */
export const statusValue = (row: { status: ApplicationStatus; stage: Stage | null }) =>
  (row.status === 'IN_REVIEW' && row.stage ? `IN_REVIEW:${row.stage}` : row.status);

export interface DictionaryEntry { value: string; status: ApplicationStatus; stage: Stage | null; labelKey: string; color: string }

/** Every entry, the stages of review first, then the statuses. */
export const STATUS_DICTIONARY: readonly DictionaryEntry[] = [
  ...STAGES.map((stage) => ({ value: `IN_REVIEW:${stage}`, status: 'IN_REVIEW' as const, stage, labelKey: `approval.reviewAt.${stage}`, color: STATUS_COLORS.IN_REVIEW })),
  ...APPLICATION_STATUSES.map((status) => ({ value: status, status, stage: null, labelKey: `approval.status.${status}`, color: STATUS_COLORS[status] })),
];
