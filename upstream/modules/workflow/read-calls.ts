import { defineCall, type AuthUser, type CallContext } from '../../core/call';
import { audit } from '../../core/audit';
import { conflict, notFound } from '../../core/errors';
import type { ApplicationDetail, FileInfo, GuarantorInfo, HouseInfo, NodeAndPeople, NodePerson, PendingCounts, PersonInfo, Plan, Progress, RecordRow, RejectTarget } from '../../../lib/contract/workflow';
import { mayTake } from '../../../lib/workflow/guards';
import { nextNode, rejectTargets } from '../../../lib/workflow/machine';
import { repaymentPlan } from '../../../lib/workflow/plan';
import { applicationDetail, people, progress, recordRows, toRecordRow, visibleApplication } from './detail';
import { moduleNodes, nodePeople, passedNodes } from './flow';
import { approvalsOf } from './guards';
import { loanQuery, pendingCounts, workbenchList } from './list';
import { caseScope } from './scope';
import { toFileInfo } from '../files/calls';
import { houseRows, toHouseInfo } from './house';

/** The people of one role on a case the user may see. */
async function peopleOf(ctx: CallContext<AuthUser>, id: number, role: 'PARTNER' | 'EMPLOYEE'): Promise<PersonInfo[]> {
  await visibleApplication(ctx.db, ctx.user, id);
  return (await people(ctx.db, id, role)).map((p) => p.info);
}

export const readCalls = [
  defineCall({
    path: 'businessClubFirstTrial/getList',
    handler: (ctx, input) => workbenchList(ctx.db, ctx.user, input, ctx.now),
  }),
  defineCall({
    path: 'businessApproveRecord/loanUnfold',
    handler: (ctx, input) => loanQuery(ctx.db, ctx.user, input, ctx.now),
  }),
  defineCall({
    path: 'businessClubFirstTrial/approvalPendingCount',
    handler: (ctx): Promise<PendingCounts> => pendingCounts(ctx.db, ctx.user),
  }),
  defineCall({
    path: 'businessClubFirstTrial/bankApprovalPendingCount',
    handler: (ctx): Promise<PendingCounts> => pendingCounts(ctx.db, ctx.user, ['BANK_FIRST', 'BANK_SECOND', 'BANK_TRANSFER']),
  }),
  defineCall({
    path: 'businessClubFirstTrial/unfold',
    handler: (ctx, input): Promise<ApplicationDetail> => applicationDetail(ctx.db, ctx.user, input.id, ctx.now, ctx.locale),
  }),
  defineCall({
    path: 'businessProposerInfo/getInfo',
    handler: (ctx, input): Promise<ApplicationDetail> => applicationDetail(ctx.db, ctx.user, input.id, ctx.now, ctx.locale),
  }),
  defineCall({
    path: 'businessClubFirstTrial/progressBar',
    handler: (ctx, input): Promise<Progress> => progress(ctx.db, ctx.user, input.id),
  }),
  defineCall({
    path: 'businessClubFirstTrial/getPlan',
    async handler(ctx, input): Promise<Plan> {
      const app = await visibleApplication(ctx.db, ctx.user, input.id);
      const amount = Number(app.loan_amount ?? app.amount);
      return repaymentPlan(amount, app.term_months, Number(app.rate), app.repayment_method);
    },
  }),
  defineCall({
    path: 'businessClubFirstTrial/getLastApprovedResult',
    async handler(ctx, input): Promise<RecordRow | null> {
      await visibleApplication(ctx.db, ctx.user, input.id);
      const row = await recordRows(ctx.db).where('r.application_id', '=', input.id).where('r.action', '=', 'CHECK')
        .orderBy('r.id', 'desc').executeTakeFirst();
      return row ? toRecordRow(row) : null;
    },
  }),
  defineCall({
    path: 'businessClubFirstTrial/getNodeAndPeople',
    async handler(ctx, input): Promise<NodeAndPeople> {
      const app = await visibleApplication(ctx.db, ctx.user, input.id);
      if (app.status !== 'IN_REVIEW' || app.node_id === null) return { node: null, people: [] };
      const nodes = await moduleNodes(ctx.db, app.module_id);
      const node = input.which === 'current' ? nodes.find((n) => n.id === app.node_id)!
        : nextNode({ nodes, nodeId: app.node_id, guaranteeMethod: app.guarantee_method });
      if (!node) return { node: null, people: [] };
      // Only people who may take the case there: never the caller, nor (redeploying) its assignee and maker, nor an approver of another stage.
      const exclude = input.which === 'current' ? [ctx.user.id, app.assignee_id, app.maker_id] : [ctx.user.id];
      return { node, people: mayTake(await nodePeople(ctx.db, node, app), node.stage, await approvalsOf(ctx.db, app.id), exclude) };
    },
  }),
  defineCall({
    path: 'businessClubFirstTrial/getAuditPersonAmount',
    async handler(ctx, input): Promise<NodePerson[]> {
      const app = await visibleApplication(ctx.db, ctx.user, input.id);
      if (app.node_id === null) return [];
      const node = (await moduleNodes(ctx.db, app.module_id)).find((n) => n.id === app.node_id)!;
      return nodePeople(ctx.db, node, app);
    },
  }),
  defineCall({
    path: 'businessClubFirstTrial/getStagePeople',
    async handler(ctx, input): Promise<NodePerson[]> {
      const scope = await caseScope(ctx.db, ctx.user);
      const rows = await ctx.db.selectFrom('approval_node_person as p')
        .innerJoin('approval_node as n', 'n.id', 'p.node_id')
        .innerJoin('app_user as u', 'u.id', 'p.user_id')
        .innerJoin('organization as o', 'o.id', 'u.org_id')
        .select(['u.id', 'u.nickname', 'o.name as orgName'])
        .select((eb) => eb.selectFrom('application as x').select(eb.fn.countAll<number>().as('n'))
          .whereRef('x.assignee_id', '=', 'u.id').where('x.status', '=', 'IN_REVIEW').as('pending'))
        .select((eb) => eb.selectFrom('application as x').select(eb.fn.countAll<number>().as('n'))
          .whereRef('x.assignee_id', '=', 'u.id').where('x.stage', '=', input.stage).where('x.status', '=', 'IN_REVIEW').as('stagePending'))
        .where('n.stage', '=', input.stage).where('n.deleted_at', 'is', null).where('u.state', '=', 'ENABLED')
        .$if(scope !== null, (q) => q.where('u.org_id', 'in', scope!.length ? scope! : [-1]))
        .distinct().orderBy('u.id').execute();
      return rows.map((r) => ({ id: r.id, nickname: r.nickname, orgName: r.orgName, pending: Number(r.pending ?? 0), stagePending: Number(r.stagePending ?? 0) }));
    },
  }),
  defineCall({
    path: 'businessProposerInfo/getFileInfo',
    async handler(ctx, input): Promise<FileInfo[]> {
      await visibleApplication(ctx.db, ctx.user, input.id);
      const rows = await ctx.db.selectFrom('application_file').select(['id', 'kind', 'name', 'mime', 'size', 'created_at'])
        .where('application_id', '=', input.id).orderBy('id').execute();
      return rows.map(toFileInfo);
    },
  }),
  defineCall({
    path: 'systemOrganiza/getRejectUser',
    async handler(ctx, input): Promise<RejectTarget[]> {
      const app = await visibleApplication(ctx.db, ctx.user, input.applicationId);
      const nodes = await moduleNodes(ctx.db, app.module_id);
      const targets = rejectTargets({
        status: app.status, nodeId: app.node_id, guaranteeMethod: app.guarantee_method, nodes, passed: await passedNodes(ctx.db, app.id),
      });
      const approvals = await approvalsOf(ctx.db, app.id);
      return Promise.all(targets.map(async (node) => ({
        node, people: mayTake(await nodePeople(ctx.db, node, app), node.stage, approvals, [ctx.user.id]),
      })));
    },
  }),
  defineCall({
    path: 'businessApproveRecord/getList',
    async handler(ctx, input): Promise<RecordRow[]> {
      await visibleApplication(ctx.db, ctx.user, input.id);
      return (await recordRows(ctx.db).where('r.application_id', '=', input.id).orderBy('r.id').execute()).map(toRecordRow);
    },
  }),
  defineCall({
    path: 'businessApproveRecord/editRemark',
    async handler(ctx, input): Promise<RecordRow> {
      const record = await ctx.db.selectFrom('approval_record').select(['application_id', 'actor_id', 'remark']).where('id', '=', input.id).executeTakeFirst();
      if (!record) throw notFound('record');
      await visibleApplication(ctx.db, ctx.user, record.application_id);
      if (record.actor_id !== ctx.user.id) throw conflict('workflow.remarkNotYours');
      return ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('approval_record').set({ remark: input.remark }).where('id', '=', input.id).execute();
        await audit(trx, ctx.user, 'record.remark', { type: 'approval_record', id: input.id }, { before: record.remark, after: input.remark });
        return toRecordRow(await recordRows(trx).where('r.id', '=', input.id).executeTakeFirstOrThrow());
      });
    },
  }),
  defineCall({
    path: 'businessProposerInfo/getPartnerInfo',
    handler: (ctx, input) => peopleOf(ctx, input.id, 'PARTNER'),
  }),
  defineCall({
    path: 'businessProposerInfo/getEmployee',
    handler: (ctx, input) => peopleOf(ctx, input.id, 'EMPLOYEE'),
  }),
  defineCall({
    path: 'business-proposer-mate/getInfo',
    async handler(ctx, input): Promise<PersonInfo | null> {
      await visibleApplication(ctx.db, ctx.user, input.id);
      return (await people(ctx.db, input.id, 'SPOUSE'))[0]?.info ?? null;
    },
  }),
  defineCall({
    path: 'businessBondsmanPeople/getList',
    async handler(ctx, input): Promise<GuarantorInfo[]> {
      await visibleApplication(ctx.db, ctx.user, input.id);
      const [guarantors, spouses] = await Promise.all([people(ctx.db, input.id, 'GUARANTOR'), people(ctx.db, input.id, 'GUARANTOR_SPOUSE')]);
      return guarantors.map((g) => ({ ...g.info, spouse: spouses.find((s) => s.guarantorId === g.info.id)?.info ?? null }));
    },
  }),
  defineCall({
    path: 'business-house-property/getInfo',
    async handler(ctx, input): Promise<HouseInfo[]> {
      await visibleApplication(ctx.db, ctx.user, input.id);
      return (await houseRows(ctx.db).where('h.application_id', '=', input.id).orderBy('h.id').execute()).map(toHouseInfo);
    },
  }),
  defineCall({
    path: 'businessProposerInfo/reveal',
    async handler(ctx, input): Promise<{ value: string }> {
      const app = await visibleApplication(ctx.db, ctx.user, input.id);
      const value = input.field === 'idNumber' ? app.id_number : app.mobile;
      await audit(ctx.db, ctx.user, 'application.reveal', { type: 'application', id: app.id }, { field: input.field });
      return { value };
    },
  }),
];
