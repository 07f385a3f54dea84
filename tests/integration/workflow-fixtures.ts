import { randomUUID } from 'node:crypto';
import type { Db } from '../../upstream/db';
import type { Stage } from '../../lib/workflow/stages';
import type { GuaranteeMethod } from '../../lib/workflow/stages';
import { userId } from './helpers';

let seq = 0;
const orgId = async (db: Db, name: string) =>
  (await db.selectFrom('organization').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

export const ORGS = { renshe: '长沙市人力资源和社会保障局', gc1: '长沙鑫诚融资担保有限公司', gc2: '湖南汇通融资担保有限公司', bank1: '中国工商银行长沙分行', bank2: '中国建设银行长沙分行' };

export interface NewCase {
  method?: GuaranteeMethod; bank?: keyof typeof ORGS; guarantee?: keyof typeof ORGS; assignee?: string; stage?: Stage;
  /** The borrower type, whose flow the case follows (a personal loan by default). */
  borrowerType?: 'PERSON' | 'SMALL_COMPANY' | 'PARTNERSHIP';
}

/**
 * A loan application (personal unless `borrowerType` says otherwise) submitted by the applicant
 * channel and waiting at its first node (or at `stage`, assigned to `assignee`), written straight
 * into the database.
 */
export async function createCase(db: Db, options: NewCase = {}) {
  seq += 1;
  const borrowerType = options.borrowerType ?? 'PERSON';
  const module = await db.selectFrom('approval_module').select('id').where('borrower_type', '=', borrowerType).where('state', '=', 'ENABLED').executeTakeFirstOrThrow();
  const node = await db.selectFrom('approval_node').select(['id', 'stage']).where('module_id', '=', module.id)
    .where('stage', '=', options.stage ?? 'RS_FIRST').executeTakeFirstOrThrow();
  const assignee = await userId(db, options.assignee ?? 'renshe');
  const number = `TEST${Date.now().toString().slice(-8)}${String(seq).padStart(4, '0')}`;
  const app = await db.insertInto('application').values({
    number, borrower_type: borrowerType, module_id: module.id, status: 'IN_REVIEW', node_id: node.id, stage: node.stage,
    assignee_id: assignee, maker_id: null, entered_at: new Date(), deadline: new Date(Date.now() + 3 * 86_400_000),
    renshe_org_id: await orgId(db, ORGS.renshe), guarantee_org_id: await orgId(db, ORGS[options.guarantee ?? 'gc1']),
    bank_org_id: await orgId(db, ORGS[options.bank ?? 'bank1']),
    name: '测试申请人', id_number: '110101199003074514', mobile: '13912345678', gender: 'MALE', household_register: '湖南省长沙市',
    employment_category: '自主创业', amount: 200000, term_months: 24, rate: 0.0435, repayment_method: 'INTEREST_MONTHLY',
    guarantee_method: options.method ?? 'CREDIT', updated_at: new Date(),
  }).returning(['id', 'version', 'number']).executeTakeFirstOrThrow();
  await db.insertInto('approval_record').values({
    application_id: app.id, action: 'SUBMIT', node_id: null, stage: null, from_status: null, to_status: 'IN_REVIEW',
    to_node_id: node.id, to_stage: node.stage, actor_id: null, actor_org_id: null, target_user_id: assignee,
    refuse_reason_id: null, details: null, idempotency_key: randomUUID(),
  }).execute();
  return app;
}

export const key = () => randomUUID();
