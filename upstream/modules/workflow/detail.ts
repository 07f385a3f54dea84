import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthUser } from '../../core/call';
import type { Locale } from '../../../lib/contract/auth';
import { notFound } from '../../core/errors';
import { inReaderLanguage } from '../../core/i18n';
import { allowed } from '../../core/permission';
import type { ApplicationDetail, PersonInfo, Progress, RecordRow } from '../../../lib/contract/workflow';
import type { RepaymentState } from '../../../lib/workflow/stages';
import { routeOf } from '../../../lib/workflow/machine';
import { maskIdNumber, maskMobile } from '../../../lib/workflow/id-number';
import { holdsButton } from './actions';
import { anyStage } from '../../../lib/contract/calls/workflow';
import { moduleNodes, rejectable } from './flow';
import { applicationRows, dateText, toApplicationRow } from './rows';
import { proofsOf } from './people';
import { caseScope, caseVisible } from './scope';
import { actsOn } from './row-can';

type Trx = Kysely<Database>;

/** The application if the user may read it, else 404 (a case of another bank does not exist for them). */
export async function visibleApplication(db: Trx, user: AuthUser, id: number) {
  const app = await db.selectFrom('application').selectAll()
    .select([dateText('loan_date').as('loan_date_text')]).where('id', '=', id).executeTakeFirst();
  if (!app || !caseVisible(app, await caseScope(db, user))) throw notFound('application');
  return app;
}

/** A case's details; the flow and the refusal reason in the reader's language (the Chinese text where there is no English). */
export async function applicationDetail(db: Trx, user: AuthUser, id: number, now: Date, locale: Locale): Promise<ApplicationDetail> {
  const app = await visibleApplication(db, user, id);
  const row = await applicationRows(db).where('a.id', '=', id).executeTakeFirstOrThrow();
  const extra = await db.selectFrom('application as a')
    .innerJoin('organization as r', 'r.id', 'a.renshe_org_id')
    .innerJoin('approval_module as m', 'm.id', 'a.module_id')
    .leftJoin('refuse_reason as rr', 'rr.id', 'a.refuse_reason_id')
    .select(['r.name as renshe', 'm.name as module', 'm.name_en as moduleEn', 'rr.content as reason', 'rr.content_en as reasonEn'])
    .where('a.id', '=', id).executeTakeFirstOrThrow();
  const stage = app.stage ?? 'RS_FIRST';
  const [act, adminRedeploy, reveal, open] = await Promise.all([
    Promise.resolve(actsOn(user, app)),
    holdsButton(db, user, stage, 'adminRedeploy'),
    allowed(db, user, anyStage('reveal')),
    rejectable(db, [app.id]),
  ]);
  return {
    ...toApplicationRow(row, now),
    rejectable: open.has(app.id),
    gender: app.gender,
    householdRegister: app.household_register,
    employmentCategory: app.employment_category,
    address: app.address,
    businessName: app.business_name,
    businessScope: app.business_scope,
    rate: Number(app.rate),
    repaymentMethod: app.repayment_method,
    guaranteeQuota: app.guarantee_quota === null ? null : Number(app.guarantee_quota),
    loanAmount: app.loan_amount === null ? null : Number(app.loan_amount),
    loanDate: app.loan_date_text,
    resignCount: app.resign_count,
    signedAgreements: (app.signed_agreements ?? []).map((a) => ({ kind: a.kind, title: a.title, version: a.version })),
    refuseReason: inReaderLanguage(locale, extra.reason, extra.reasonEn),
    rensheOrg: extra.renshe,
    moduleName: inReaderLanguage(locale, extra.module, extra.moduleEn),
    proofs: await proofsOf(db, app),
    can: { act, adminRedeploy: adminRedeploy && app.status === 'IN_REVIEW', reveal },
  };
}

/** Every node of the case's route: done (who acted, when), current (assignee, deadline) or still to come. */
export async function progress(db: Trx, user: AuthUser, id: number): Promise<Progress> {
  const app = await visibleApplication(db, user, id);
  const route = routeOf(await moduleNodes(db, app.module_id), app.guarantee_method);
  const records = await db.selectFrom('approval_record as r').leftJoin('app_user as u', 'u.id', 'r.actor_id')
    .select(['r.node_id', 'r.action', 'r.created_at', 'u.nickname']).where('r.application_id', '=', id)
    .where('r.action', 'in', ['CHECK', 'BANK_STATE']).orderBy('r.id').execute();
  const assignee = app.assignee_id === null ? null
    : (await db.selectFrom('app_user').select('nickname').where('id', '=', app.assignee_id).executeTakeFirst())?.nickname ?? null;
  const currentIndex = route.findIndex((n) => n.id === app.node_id);
  const finished = app.status === 'APPROVED' || app.status === 'LOANED' || app.status === 'NOT_ISSUED';
  return {
    status: app.status,
    nodes: route.map((node, index) => {
      const done = [...records].reverse().find((r) => r.node_id === node.id && r.action === 'CHECK');
      const current = node.id === app.node_id;
      const state = current ? 'current'
        : finished || (currentIndex >= 0 && index < currentIndex) ? 'done'
          : currentIndex < 0 && done ? 'done' : currentIndex < 0 ? 'skipped' : 'todo';
      return {
        nodeId: node.id, stage: node.stage, state,
        actor: state === 'done' ? done?.nickname ?? null : null,
        actedAt: state === 'done' && done ? new Date(done.created_at).toISOString() : null,
        assignee: current ? assignee : null,
        deadline: current && app.deadline ? new Date(app.deadline).toISOString() : null,
      };
    }),
  };
}

export function recordRows(db: Trx) {
  return db.selectFrom('approval_record as r')
    .leftJoin('app_user as u', 'u.id', 'r.actor_id')
    .leftJoin('organization as o', 'o.id', 'r.actor_org_id')
    .leftJoin('app_user as t', 't.id', 'r.target_user_id')
    .leftJoin('refuse_reason as rr', 'rr.id', 'r.refuse_reason_id')
    .select([
      'r.id', 'r.action', 'r.stage', 'r.to_stage', 'r.from_status', 'r.to_status', 'u.nickname as actor', 'o.name as actor_org',
      't.nickname as target', 'r.opinion', 'rr.content as reason', 'r.remark', 'r.details', 'r.created_at',
    ]);
}

/** What a repayment report's record says (its details), else nothing. */
function repaymentOf(details: unknown): Pick<RecordRow, 'repayment' | 'overdueDays'> {
  const d = details as { repayment?: RepaymentState; overdueDays?: number | null } | null;
  return d?.repayment ? { repayment: d.repayment, overdueDays: d.overdueDays ?? null } : {};
}

export const toRecordRow = (r: Awaited<ReturnType<ReturnType<typeof recordRows>['executeTakeFirstOrThrow']>>): RecordRow => ({
  id: r.id, action: r.action, stage: r.stage, toStage: r.to_stage, fromStatus: r.from_status, toStatus: r.to_status,
  actor: r.actor, actorOrg: r.actor_org, targetUser: r.target, opinion: r.opinion, refuseReason: r.reason, remark: r.remark,
  ...repaymentOf(r.details), createTime: new Date(r.created_at).toISOString(),
});

/** People of one role on the application (masked like the proposer). */
export async function people(db: Trx, applicationId: number, role: 'SPOUSE' | 'PARTNER' | 'EMPLOYEE' | 'GUARANTOR' | 'GUARANTOR_SPOUSE') {
  const rows = await db.selectFrom('application_person').selectAll().where('application_id', '=', applicationId)
    .where('role', '=', role).orderBy('sort').orderBy('id').execute();
  return rows.map((p) => ({
    guarantorId: p.guarantor_id,
    info: {
      id: p.id, name: p.name, idNumber: maskIdNumber(p.id_number), mobile: maskMobile(p.mobile), gender: p.gender,
      workUnit: p.work_unit, shareRatio: p.share_ratio === null ? null : Number(p.share_ratio), keyGroup: p.key_group,
    } satisfies PersonInfo,
  }));
}
