import { sql } from 'kysely';
import { defineCall } from '../../core/call';
import type { ModelRow } from '../../../lib/contract/indicators';
import { BORROWER_TYPES } from '../../../lib/workflow/stages';

/**
 * business/model/getList: per borrower type, the indicator version in force (its items of
 * that type), every issued version, and how many applications each version checked, passed,
 * refused and flagged (counted per version and outcome on an index).
 */
export const modelCalls = [
  defineCall({
    path: 'business/model/getList',
    async handler(ctx, input): Promise<ModelRow[]> {
      const [issues, counts] = await Promise.all([
        ctx.db.selectFrom('indicator_issue as i').leftJoin('app_user as u', 'u.id', 'i.issued_by')
          .select(['i.id', 'i.number', 'i.items', 'i.note', 'i.issued_at', 'u.nickname']).orderBy('i.number', 'desc').execute(),
        ctx.db.selectFrom('application').select(['borrower_type', 'indicator_issue_id', 'check_outcome', sql<number>`count(*)`.as('n')])
          .where('indicator_issue_id', 'is not', null).groupBy(['borrower_type', 'indicator_issue_id', 'check_outcome']).execute(),
      ]);
      const types = input.borrowerType ? [input.borrowerType] : [...BORROWER_TYPES];
      const en = ctx.locale === 'en';
      return types.map((type) => {
        const count = (issueId: number, outcome?: string) => counts.filter((c) => c.borrower_type === type && c.indicator_issue_id === issueId && (!outcome || c.check_outcome === outcome))
          .reduce((sum, c) => sum + Number(c.n), 0);
        const history = issues.map((i) => ({
          number: i.number, issuedAt: new Date(i.issued_at).toISOString(), issuedBy: i.nickname ?? null, note: i.note,
          indicators: i.items.filter((item) => item.borrower_types.includes(type)).length,
          checked: count(i.id), passed: count(i.id, 'PASSED'), refused: count(i.id, 'REFUSED'), flagged: count(i.id, 'FLAGGED'),
        }));
        const current = issues[0];
        return {
          borrowerType: type, current: history[0] ?? null, history,
          indicators: (current?.items ?? []).filter((item) => item.borrower_types.includes(type))
            .map((item) => ({ code: item.code, name: en ? item.name_en : item.name_zh, effect: item.effect, source: item.source })),
        };
      });
    },
  }),
];
