import { sql } from 'kysely';
import { defineCall, type InputOf } from '../../core/call';
import { invalid, notFound } from '../../core/errors';
import { allowed } from '../../core/permission';
import { resource } from '../../core/resource';
import type { Db, Reference } from '../../core/resource/types';
import type { AgreementRow } from '../../../lib/contract/agreement';
import { anyStage } from '../../../lib/contract/calls/workflow';
import { fieldMessage } from '../../../lib/contract/field-message';
import { amountInWords, fillTemplate, unknownPlaceholders } from '../../../lib/workflow/agreement';
import { maskIdNumber } from '../../../lib/workflow/id-number';
import { chinaToday } from '../../core/china-time';
import { visibleApplication } from '../workflow/detail';
import { caseScope, inCaseScope } from '../workflow/scope';

const summary = (row: AgreementRow) => ({ productCode: row.productCode, kind: row.kind, title: row.title, body: row.body, state: row.state, version: row.version });

/** Applications whose last signing recorded a version of the template. */
const signings = (trx: Db, templateId: unknown) => trx.selectFrom('application').select((eb) => eb.fn.countAll<number>().as('n'))
  .where(sql<boolean>`signed_agreements @> ${JSON.stringify([{ templateId: Number(templateId) }])}::jsonb`);
const signed: Reference = { key: 'agreementSigned', count: async (trx, id) => Number((await signings(trx, id).executeTakeFirstOrThrow()).n) };

const templates = resource({
  table: 'agreement_template',
  key: 'id',
  what: 'agreement',
  select: (q) => q.select(['t.id', 't.product_code', 't.kind', 't.title', 't.body', 't.state', 't.version', 't.updated_at'])
    .select(sql<number>`(select count(*) from application a where a.signed_agreements @> jsonb_build_array(jsonb_build_object('templateId', t.id)))`.as('signed')),
  toRow: (r): AgreementRow => ({
    id: r.id, productCode: r.product_code, kind: r.kind, title: r.title, body: r.body, state: r.state, signedCount: Number(r.signed ?? 0),
    version: r.version, updateTime: new Date(r.updated_at).toISOString(),
  }),
  label: (row) => row.title,
  filters: { productCode: { equals: 'product_code' }, kind: { equals: 'kind' }, state: { equals: 'state' } },
  orders: { productCode: 'product_code', updateTime: 'updated_at' },
  order: 'productCode',
  unique: [{ field: 'kind', column: 'kind', per: ['product_code'], key: 'validation.agreementKindTaken', index: 'agreement_template_kind_uq' }],
  audit: { type: 'agreement', action: 'agreement', summary },
  references: [signed],
  insert: (input: InputOf<'businessModelAgreement/add'>, ctx) => ({
    product_code: input.productCode, kind: input.kind, title: input.title, body: input.body, state: input.state, created_by: ctx.user.id, updated_by: ctx.user.id,
  }),
  patch: (input: InputOf<'businessModelAgreement/update'>, _before, ctx) => ({ title: input.title, body: input.body, state: input.state, updated_by: ctx.user.id }),
  rules: {
    async validate(trx, _ctx, values) {
      if (values.body !== undefined) {
        const unknown = unknownPlaceholders(String(values.body));
        if (unknown.length) throw invalid({ body: fieldMessage('validation.agreementPlaceholders', { names: unknown.map((n) => `{{${n}}}`).join(', ') }) });
      }
      if (values.product_code !== undefined
        && !(await trx.selectFrom('loan_product').select('id').where('code', '=', String(values.product_code)).executeTakeFirst())) {
        throw invalid({ productCode: 'validation.agreementProduct' });
      }
    },
  },
});

const money = (n: number | string) => Number(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const chineseDate = (day: string) => `${day.slice(0, 4)}年${day.slice(5, 7)}月${day.slice(8, 10)}日`;

export const agreementCalls = [
  defineCall({ path: 'businessModelAgreement/list', handler: templates.list }),
  defineCall({ path: 'businessModelAgreement/add', handler: templates.add }),
  defineCall({ path: 'businessModelAgreement/update', handler: templates.update }),
  defineCall({ path: 'businessModelAgreement/del', handler: templates.remove }),
  defineCall({
    path: 'businessModelAgreement/preview',
    async handler(ctx, input) {
      const template = await ctx.db.selectFrom('agreement_template').selectAll().where('id', '=', input.id).executeTakeFirst();
      if (!template) throw notFound('agreement');
      const app = await visibleApplication(ctx.db, ctx.user, input.applicationId);
      const orgs = await ctx.db.selectFrom('organization').select(['id', 'name']).where('id', 'in', [app.bank_org_id, app.guarantee_org_id]).execute();
      const org = (id: number) => orgs.find((o) => o.id === id)?.name ?? '';
      const reveal = await allowed(ctx.db, ctx.user, anyStage('reveal'));
      const body = fillTemplate(template.body, {
        'proposer.name': app.name, 'proposer.idNumber': reveal ? app.id_number : maskIdNumber(app.id_number), number: app.number,
        amount: money(app.amount), amountInWords: amountInWords(Number(app.amount)), termMonths: String(app.term_months),
        rate: `${(Number(app.rate) * 100).toFixed(2)}%`, bank: org(app.bank_org_id), guaranteeCompany: org(app.guarantee_org_id),
        date: chineseDate(chinaToday(ctx.now)),
      });
      return { title: template.title, body, version: template.version, kind: template.kind, applicationNumber: app.number };
    },
  }),
  defineCall({
    path: 'businessModelAgreement/applications',
    async handler(ctx, input) {
      const scope = await caseScope(ctx.db, ctx.user);
      let query = ctx.db.selectFrom('application as a').leftJoin('loan_product as p', 'p.id', 'a.product_id')
        .select(['a.id', 'a.number', 'a.name', 'p.code as productCode']).where((eb) => inCaseScope(eb, scope));
      if (input.keyword) {
        const like = `%${input.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) => eb.or([eb('a.number', 'ilike', like), eb('a.name', 'ilike', like)]));
      }
      return query.orderBy('a.id', 'desc').limit(20).execute();
    },
  }),
];

/**
 * The agreements an application signs now: the enabled template of each kind of its product,
 * each version's text kept (once) so it can be shown as it was signed.
 */
export async function recordSigning(trx: Db, applicationId: number) {
  const rows = await trx.selectFrom('application as a').innerJoin('loan_product as p', 'p.id', 'a.product_id')
    .innerJoin('agreement_template as t', 't.product_code', 'p.code')
    .select(['t.id', 't.kind', 't.version', 't.title', 't.body']).where('a.id', '=', applicationId).where('t.state', '=', 'ENABLED')
    .orderBy('t.kind').execute();
  if (rows.length) {
    await trx.insertInto('agreement_template_version').values(rows.map((r) => ({ template_id: r.id, version: r.version, title: r.title, body: r.body })))
      .onConflict((oc) => oc.columns(['template_id', 'version']).doNothing()).execute();
  }
  const signedList = rows.map((r) => ({ kind: r.kind, templateId: r.id, version: r.version, title: r.title }));
  await trx.updateTable('application').set({ signed_agreements: JSON.stringify(signedList) }).where('id', '=', applicationId).execute();
  return signedList;
}
