import { sql } from 'kysely';
import { defineCall } from '../../core/call';
import { audit } from '../../core/audit';
import { conflict } from '../../core/errors';
import { loanSettings } from './store';

type Settings = Awaited<ReturnType<typeof loanSettings>>;
const answer = (s: Settings) => ({
  claimDays: s.claimDays, writeOffYears: s.writeOffYears, leverageMax: s.leverageMax, compensationRateMax: s.compensationRateMax,
  compensationRateAction: s.compensationRateAction, version: s.version, updateTime: s.updatedAt === null ? null : new Date(s.updatedAt).toISOString(),
});
const plain = ({ version: _v, updatedAt: _u, ...rest }: Settings) => rest;

/** The post-loan settings: read by the ledger, the fund and the settings page; changed by an administrator (stale version 409, audited). */
export const postLoanSettingCalls = [
  defineCall({ path: 'postLoanSetting/get', handler: async (ctx) => answer(await loanSettings(ctx.db)) }),
  defineCall({
    path: 'postLoanSetting/update',
    async handler(ctx, input) {
      return ctx.db.transaction().execute(async (trx) => {
        await sql`select id from post_loan_setting where id = 1 for update`.execute(trx);
        const before = await loanSettings(trx);
        if (before.version !== input.version) throw conflict('fund.settingsStale');
        await trx.updateTable('post_loan_setting').set({
          claim_days: input.claimDays, write_off_years: input.writeOffYears, leverage_max: input.leverageMax,
          compensation_rate_max: input.compensationRateMax, compensation_rate_action: input.compensationRateAction,
          version: before.version + 1, updated_at: ctx.now,
        }).where('id', '=', 1).execute();
        const after = await loanSettings(trx);
        await audit(trx, ctx.user, 'postLoanSetting.update', { type: 'post_loan_setting', id: 1 }, { before: plain(before), after: plain(after) });
        return answer(after);
      });
    },
  }),
];
