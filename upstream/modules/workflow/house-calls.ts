import { sql } from 'kysely';
import { defineCall } from '../../core/call';
import { audit } from '../../core/audit';
import { conflict } from '../../core/errors';
import type { Page } from '../../../lib/contract/common';
import type { FileInfo } from '../../../lib/contract/workflow';
import type { HouseNum, HousePlan, HouseRow } from '../../../lib/contract/case-extras';
import { repaymentPlan } from '../../../lib/workflow/plan';
import { toFileInfo } from '../files/calls';
import { pageTotals } from './list';
import { houseEditable, scopedHouses, searchHouses, toHouseRow, visibleHouse } from './house';

/** The documents of a house: its property certificate and the contracts of its case. */
const HOUSE_FILE_KINDS = ['HOUSE_CERTIFICATE', 'CONTRACT'];

/**
 * The house-property records of the mortgage stage (business-house-property): the houses of
 * the cases in scope, their counts by state, the mortgage stage's record of a house (the
 * case's assignee there only), its documents and its loan against its value.
 */
export const houseCalls = [
  defineCall({
    path: 'business-house-property/getPage',
    async handler(ctx, input): Promise<Page<HouseRow>> {
      const base = searchHouses(await scopedHouses(ctx.db, ctx.user), input, ctx.user);
      const [totals, rows] = await Promise.all([
        pageTotals(ctx.db, base, input.pageSize),
        base.orderBy('h.id', 'desc').limit(input.pageSize).offset((input.pageNum - 1) * input.pageSize).execute(),
      ]);
      return { list: rows.map((h) => toHouseRow(h, ctx.user)), ...totals };
    },
  }),
  defineCall({
    path: 'business-house-property/getNum',
    async handler(ctx): Promise<HouseNum> {
      const rows = await (await scopedHouses(ctx.db, ctx.user)).clearSelect()
        .select(['h.mortgage_state', sql<number>`count(*)`.as('n'), sql<number>`count(*) filter (where a.status = 'IN_REVIEW' and a.stage = 'GC_HOUSE')`.as('waiting')])
        .groupBy('h.mortgage_state').execute();
      const num: HouseNum = { total: 0, PENDING: 0, REGISTERED: 0, RELEASED: 0, waiting: 0 };
      for (const r of rows) {
        num[r.mortgage_state] = Number(r.n);
        num.total += Number(r.n);
        num.waiting += Number(r.waiting);
      }
      return num;
    },
  }),
  defineCall({
    path: 'business-house-property/edit',
    async handler(ctx, input): Promise<HouseRow> {
      return ctx.db.transaction().execute(async (trx) => {
        // The row is locked before it is read, so two saves of one version cannot both pass the check.
        await trx.selectFrom('house_property').select('id').where('id', '=', input.id).forUpdate().execute();
        const house = await visibleHouse(trx, ctx.user, input.id);
        if (house.status !== 'IN_REVIEW' || house.stage !== 'GC_HOUSE') throw conflict('workflow.wrongStage');
        if (!houseEditable(house, ctx.user)) throw conflict('workflow.notAssignee');
        if (house.version !== input.version) throw conflict('workflow.stale');
        await trx.updateTable('house_property').set({
          assessed_value: input.assessedValue, certificate_no: input.certificateNo, mortgage_no: input.mortgageNo,
          registered_on: input.registeredOn ?? null, mortgage_state: input.mortgageState,
          version: house.version + 1, updated_at: new Date(), updated_by: ctx.user.id,
        }).where('id', '=', input.id).execute();
        const after = await visibleHouse(trx, ctx.user, input.id);
        const summary = (h: typeof house) => ({
          assessedValue: Number(h.assessed_value), certificateNo: h.certificate_no, mortgageNo: h.mortgage_no, registeredOn: h.registered_text, mortgageState: h.mortgage_state,
        });
        await audit(trx, ctx.user, 'house.edit', { type: 'house_property', id: input.id }, { applicationId: house.application_id, before: summary(house), after: summary(after) });
        return toHouseRow(after, ctx.user);
      });
    },
  }),
  defineCall({
    path: 'business-house-property/plan',
    async handler(ctx, input): Promise<HousePlan> {
      const house = await visibleHouse(ctx.db, ctx.user, input.id);
      const app = await ctx.db.selectFrom('application').select(['amount', 'loan_amount', 'term_months', 'rate', 'repayment_method'])
        .where('id', '=', house.application_id).executeTakeFirstOrThrow();
      const plan = repaymentPlan(Number(app.loan_amount ?? app.amount), app.term_months, Number(app.rate), app.repayment_method);
      const value = Number(house.assessed_value);
      return { ...plan, assessedValue: value, loanToValue: plan.rows.map((r) => (value > 0 ? Math.round((r.balance / value) * 10_000) / 10_000 : 0)) };
    },
  }),
  defineCall({
    path: 'business-house-property/findRealEstateMaterials',
    async handler(ctx, input): Promise<FileInfo[]> {
      const house = await visibleHouse(ctx.db, ctx.user, input.id);
      const rows = await ctx.db.selectFrom('application_file').select(['id', 'kind', 'name', 'mime', 'size', 'created_at'])
        .where('application_id', '=', house.application_id).where('kind', 'in', HOUSE_FILE_KINDS).orderBy('id').execute();
      return rows.map(toFileInfo);
    },
  }),
];
