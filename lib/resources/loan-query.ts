import type { ApplicationRow } from '../contract/workflow';
import { STAGES } from '../workflow/stages';
import type { ResourceSpec } from './types';
import { APPLICATION_COLUMNS, APPLICATION_SEARCH, BORROWER_TYPE_OPTIONS, DETAIL_ACTION } from './workbench';
import './rules/loan-query.generated';

/**
 * The loan query (/admin/home/loan): every case the user may see, at any stage or exit,
 * with the workbenches' searches and columns, the stage and the borrower type; rows open
 * the same detail drawer. Its toolbar holds the intake ('录入申请', `loan::intake`).
 */
const LOAN_QUERY_LIST = 'businessApproveRecord/loanUnfold';
/** Entering an application (the intake dialog's call). */
export const INTAKE = 'channel/application/submit';

const { number, name, idNumber, mobile, date, status, overdue } = APPLICATION_SEARCH;

export const loanQuerySpec: ResourceSpec<ApplicationRow> = {
  key: 'loanQuery',
  rowKey: (row) => row.id,
  list: LOAN_QUERY_LIST,
  search: [
    number, name, idNumber, mobile, date,
    { name: 'stage', label: 'resources.loanQuery.stage', kind: 'select', options: STAGES.map((s) => ({ value: s, label: `approval.stage.${s}` })) },
    status,
    { name: 'borrowerType', label: 'resources.workbench.borrowerType', kind: 'select', options: BORROWER_TYPE_OPTIONS },
    overdue,
  ],
  columns: APPLICATION_COLUMNS,
  actions: [DETAIL_ACTION],
};
