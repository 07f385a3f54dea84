import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { BORROWER_TYPES, STAGE_INFO, STAGES, type Stage } from '../../../lib/workflow/stages';
import { loadGeneratorContext } from './generator-context';
import { generateApplication, type GeneratedApplication, type Outcome } from './generator';
import { personOf } from './generator-people';
import { insertApplications } from './bulk-insert';
import { randomFor } from './random';
import { MODULE_NAMES } from './workflow-names';

type Trx = Kysely<Database>;


/** Default node time limits in working days: renshe 3, guarantee 5 (the house review 10), bank 5. */
export const OVERTIME_DAYS: Record<Stage, number> = {
  RS_FIRST: 3, RS_SECOND: 3, RS_FINAL: 3, GC_FIRST: 5, GC_SECOND: 5, GC_HOUSE: 10, BANK_FIRST: 5, BANK_SECOND: 5, BANK_TRANSFER: 5,
};

/** The seeded reason that marks a refusal for false material (blacklist strategy). */
const FALSE_MATERIAL = '申请材料与实际情况不符';

const REFUSE_REASONS: { kind: 'STATUS' | 'INDICATOR'; content: string; en: string; sms: string }[] = [
  { kind: 'STATUS', content: '申请人不属于创业担保贷款扶持对象', en: 'The proposer is not in a group the start-up guarantee loan supports', sms: '经核查，您不属于创业担保贷款扶持对象，如有疑问请咨询当地人社部门。' },
  { kind: 'STATUS', content: '申请人或其配偶有未结清的其他经营性贷款', en: 'The proposer or spouse has other unsettled business loans', sms: '您或您的配偶有未结清的其他经营性贷款，暂不符合申请条件。' },
  { kind: 'STATUS', content: '申请人已享受创业担保贷款且尚未结清', en: 'The proposer already has an unsettled start-up guarantee loan', sms: '您已享受创业担保贷款且尚未结清，不能重复申请。' },
  { kind: 'STATUS', content: '经营实体未正常经营或营业执照已注销', en: 'The business is not operating or its licence was cancelled', sms: '经实地核查，您的经营实体未正常经营。' },
  { kind: 'STATUS', content: '申请材料与实际情况不符', en: 'The application material does not match the facts', sms: '您提交的申请材料与实际情况不符。' },
  { kind: 'INDICATOR', content: '个人征信存在当前逾期或近两年累计逾期超过6次', en: 'The credit report shows a current overdue or more than 6 overdues in two years', sms: '您的个人征信记录不符合贷款条件。' },
  { kind: 'INDICATOR', content: '申请人被列入失信被执行人名单', en: 'The proposer is a listed judgment defaulter', sms: '您已被列入失信被执行人名单，暂不能办理。' },
  { kind: 'INDICATOR', content: '反担保措施不足，担保人不符合条件', en: 'Counter-guarantee insufficient; the guarantor does not qualify', sms: '您提供的反担保措施不足，担保人不符合条件。' },
  { kind: 'INDICATOR', content: '抵押房产评估价值不足或产权不清晰', en: 'The mortgaged house is valued too low or its title is unclear', sms: '您的抵押房产评估价值不足或产权不清晰。' },
  { kind: 'INDICATOR', content: '经营收入不足以覆盖还款，还款能力不足', en: 'Business income does not cover the repayments', sms: '经评估，您的经营收入不足以覆盖贷款本息。' },
];

/**
 * The workflow's reference data (from seedReference): an enabled module with the nine nodes
 * for every borrower type, the time-out config of every stage and refusal reasons.
 * Adds what is missing, never changes what an administrator configured.
 */
export async function seedWorkflowReference(trx: Trx) {
  const now = new Date();
  for (const type of BORROWER_TYPES) {
    const enabled = await trx.selectFrom('approval_module').select('id').where('borrower_type', '=', type).where('state', '=', 'ENABLED').executeTakeFirst();
    if (enabled) continue;
    const module = await trx.insertInto('approval_module').values({ name: MODULE_NAMES[type].zh, name_en: MODULE_NAMES[type].en, borrower_type: type, updated_at: now })
      .returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('approval_node')
      .values(STAGES.map((stage, index) => ({ module_id: module.id, stage, sort: index + 1, time_limit_days: null, updated_at: now })))
      .execute();
  }
  const configured = new Set((await trx.selectFrom('overtime_config').select('stage').execute()).map((r) => r.stage));
  const unconfigured = STAGES.filter((stage) => !configured.has(stage));
  if (unconfigured.length) {
    await trx.insertInto('overtime_config').values(unconfigured.map((stage) => ({ stage, days: OVERTIME_DAYS[stage], updated_at: now })))
      .onConflict((oc) => oc.column('stage').doNothing()).execute();
  }
  const present = new Set((await trx.selectFrom('refuse_reason').select(['kind', 'content']).execute()).map((r) => `${r.kind}:${r.content}`));
  const missing = REFUSE_REASONS.map((r, sort) => ({ kind: r.kind, content: r.content, content_en: r.en, sms_text: r.sms, sort, fraud: r.content === FALSE_MATERIAL }))
    .filter((r) => !present.has(`${r.kind}:${r.content}`));
  if (missing.length) await trx.insertInto('refuse_reason').values(missing).execute();
  // Seeded reasons of an older install get their English text once.
  if (missing.length < REFUSE_REASONS.length) {
    const untranslated = await trx.selectFrom('refuse_reason').select('content').where('content_en', '=', '').execute();
    const wanted = new Set(untranslated.map((r) => r.content));
    for (const r of REFUSE_REASONS.filter((reason) => wanted.has(reason.content))) {
      await trx.updateTable('refuse_reason').set({ content_en: r.en }).where('content', '=', r.content).where('content_en', '=', '').execute();
    }
  }
}

const DEMO_SEED = 'demo';
/** About 300 cases: in review at every stage, and every exit. */
const DEMO_PLAN: [Outcome, number][] = [
  ...STAGES.map((stage): [Outcome, number] => [{ status: 'IN_REVIEW', stage }, stage === 'GC_HOUSE' ? 12 : 18]),
  [{ status: 'RETURNED' }, 22], [{ status: 'APPROVED' }, 16], [{ status: 'LOANED' }, 56],
  [{ status: 'NOT_ISSUED' }, 10], [{ status: 'REFUSED' }, 28], [{ status: 'WITHDRAWN' }, 12],
];

const BLACKLIST_REASONS = ['恶意拖欠创业担保贷款本息，经催收仍未归还', '提供虚假营业执照及经营流水骗取贷款', '被人民法院列为失信被执行人', '担保代偿后拒不履行追偿义务'];

/**
 * The workflow's demo data (from seedDemo, once the demo users exist): the people of every
 * node (the enabled users of the demo organisations of the node's type), blacklist and
 * whitelist entries and about 300 applications with their histories. Nothing is sent: no
 * message and no SMS is written. Runs only on a database without applications.
 */
export async function seedWorkflowDemo(trx: Trx, orgIds: readonly number[]) {
  if (await trx.selectFrom('application').select('id').limit(1).executeTakeFirst()) return;
  const users = await trx.selectFrom('app_user as u').innerJoin('organization as o', 'o.id', 'u.org_id')
    .select(['u.id', 'o.type']).where('u.org_id', 'in', [...orgIds]).where('u.state', '=', 'ENABLED').execute();
  const nodes = await trx.selectFrom('approval_node').select(['id', 'stage']).execute();
  const nodePeople = nodes.flatMap((node) => users.filter((u) => u.type === STAGE_INFO[node.stage].orgType).map((u) => ({ node_id: node.id, user_id: u.id })));
  if (nodePeople.length) await trx.insertInto('approval_node_person').values(nodePeople).onConflict((oc) => oc.doNothing()).execute();

  const now = new Date();
  const context = await loadGeneratorContext(trx, now, orgIds);
  const batch: GeneratedApplication[] = [];
  let inReview = 0;
  for (const [outcome, count] of DEMO_PLAN) {
    for (let i = 0; i < count; i += 1) {
      const overdue = outcome.status === 'IN_REVIEW' ? inReview++ % 10 === 3 : false;
      batch.push(generateApplication(context, DEMO_SEED, batch.length, { outcome, overdue, turn: i }));
    }
  }
  // A few proven borrowers are whitelisted; a few refused ones and two others are blacklisted (one since relieved).
  const loaned = batch.filter((g) => g.app.status === 'LOANED').slice(0, 5);
  for (const g of loaned) g.app.whitelisted = true;
  await trx.insertInto('whitelist').values(loaned.map((g) => ({ name: g.app.name, id_number: g.app.id_number, note: '按期还款，信用良好，优先受理' })))
    .onConflict((oc) => oc.column('id_number').doNothing()).execute();
  const random = randomFor(`${DEMO_SEED}-blacklist`, 0);
  const others = [0, 1].map(() => personOf(random, { born: [1971, 2000] }));
  const refused = batch.filter((g) => g.app.status === 'REFUSED').slice(0, 4).map((g) => ({ name: g.app.name, id_number: g.app.id_number }));
  await trx.insertInto('blacklist').values([...refused, ...others].map((p, i) => ({
    name: p.name, id_number: p.id_number, reason: BLACKLIST_REASONS[i % BLACKLIST_REASONS.length]!,
    relieved_at: i === refused.length ? new Date(now.getTime() - 30 * 86_400_000) : null,
    relieve_reason: i === refused.length ? '已还清欠款，经核实解除' : null,
  }))).execute();
  await insertApplications(trx, batch);
}
