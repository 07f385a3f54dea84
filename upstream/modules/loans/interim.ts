import { defineCall } from '../../core/call';
import { AppError } from '../../core/errors';
import { CODES } from '../../../lib/contract/common';
import { loanAccountAnswer } from './account-answer';

/**
 * Interim handlers of the ledger's calls until the ledger's own module lands (then this file goes):
 * a loan's account answers through the post-loan actions' reader; the rest are not served yet.
 */
const notYet = async (): Promise<never> => { throw new AppError(CODES.conflict, 'conflict'); };
export const interimLedgerCalls = [
  defineCall({ path: 'loanAccount/getInfo', handler: (ctx, input) => loanAccountAnswer(ctx.db, ctx.user, input.id, ctx.now) }),
  defineCall({ path: 'loanAccount/getList', handler: notYet }),
  defineCall({ path: 'loanAccount/export', handler: notYet }),
  defineCall({ path: 'loanAccount/repay', handler: notYet }),
];
