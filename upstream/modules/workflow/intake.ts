import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { defineCall } from '../../core/call';
import { chinaToday } from '../../core/china-time';
import { AppError, conflict, invalid } from '../../core/errors';
import { CODES } from '../../../lib/contract/common';
import type { IntakeResult } from '../../../lib/contract/intake';
import { routeOf } from '../../../lib/workflow/machine';
import { notifyAssignee } from './actions';
import { deadlineFor, moduleNodes, nodePeople } from './flow';
import { checkIntakeRules, yuan } from '../products/intake-rules';
import { whitelistedToday } from '../risk/whitelist';
import { issuedFor, lookOutside, NOTHING_OUTSIDE, outcomeOf, runChecks, saveChecks, sourcesAsked, typeLimits } from '../risk/checks';
import { amountOverCap, capFen } from '../../../lib/workflow/caps';
import { fieldMessage } from '../../../lib/contract/field-message';
import { clientGroupOf, liveCaseOf, lockPeople } from './people';
import { recordLookups } from '../lookups/record';
import { sendRefusalSms } from '../risk/refusal-sms';
import { enqueueEvent } from '../push/enqueue';
import { BANK_RATE_CHECK, bankRateCheck } from '../loans/fund';

const ORG_TYPES = { rensheOrgId: 'RENSHE', guaranteeOrgId: 'GUARANTEE', bankOrgId: 'BANK' } as const;

/**
 * The applicant channel's intake (and back-office entry): screens the proposer, spouse,
 * partners, guarantors and their spouses against the active blacklist, marks whitelisted
 * proposers, checks the application against the issued indicators of its borrower type
 * (a failed HARD one refuses it at once with its reason; SOFT failures and sources that
 * could not be reached are red flags) and puts it at the first node of its flow with the
 * least busy person there. A repeated client key answers the application it created.
 */
export const intakeCalls = [
  defineCall({
    path: 'channel/application/submit',
    async handler(ctx, input): Promise<IntakeResult> {
      // The outside sources are asked first, outside the transaction, each within its timeout.
      const issued = await issuedFor(ctx.db, input.borrowerType);
      const outside = issued ? await lookOutside(ctx.options, issued.items, input.proposer.idNumber) : NOTHING_OUTSIDE;
      return ctx.db.transaction().execute(async (trx) => {
        const screened = [input.proposer, ...(input.spouse ? [input.spouse] : []), ...input.partners,
          ...input.guarantors.flatMap((g) => [g, ...(g.spouse ? [g.spouse] : [])])];
        const ids = [...new Set(screened.map((p) => p.idNumber))];
        // Intakes naming the same person wait for each other here, so one person is never in two live cases.
        await lockPeople(trx, ids);
        const existing = await trx.selectFrom('application').select(['id', 'number', 'status', 'whitelisted'])
          .where('client_key', '=', input.clientKey).executeTakeFirst();
        if (existing) return existing;
        const named = await trx.selectFrom('organization').select(['id', 'type'])
          .where('id', 'in', Object.keys(ORG_TYPES).map((field) => input[field as keyof typeof ORG_TYPES])).where('state', '=', 'ENABLED').execute();
        for (const [field, type] of Object.entries(ORG_TYPES)) {
          if (!named.some((org) => org.id === input[field as keyof typeof ORG_TYPES] && org.type === type)) throw invalid({ [field]: 'validation.orgType' });
        }
        // A bank whose compensation rate passed the threshold: its new applications are stopped here, or flagged.
        const bankRate = await bankRateCheck(trx, input.bankOrgId, ctx.now);
        const banned = await trx.selectFrom('blacklist').select(['id_number', 'reason'])
          .where('id_number', 'in', ids).where('relieved_at', 'is', null)
          .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', ctx.now)])).executeTakeFirst();
        if (banned) {
          const who = screened.find((p) => p.idNumber === banned.id_number)!;
          throw new AppError(CODES.conflict, 'workflow.blacklisted', { name: who.name, reason: banned.reason });
        }
        const live = await liveCaseOf(trx, ids);
        if (live) {
          const who = screened.find((p) => p.idNumber === live.idNumber)!;
          throw new AppError(CODES.conflict, 'workflow.liveCase', { name: who.name, number: live.number });
        }
        const whitelisted = Boolean(await trx.selectFrom('whitelist').select('id').where('id_number', '=', input.proposer.idNumber)
          .where(whitelistedToday).executeTakeFirst());
        // The proposer's client group, the type's limits, and the product's rules (DOMAIN.md sections 1 and 2): what breaks a
        // policy rule is left to its indicator, which refuses the application with its reason.
        const group = await clientGroupOf(trx, input);
        const type = await typeLimits(trx, input.borrowerType);
        const overCap = type !== null && amountOverCap(type.limits, input.partners.length, input.amount) > 0;
        const termOver = type !== null && input.termMonths > type.limits.maxTermMonths;
        const product = await checkIntakeRules(trx, input, ctx.locale, group.fits ? group.id : null, { overCap, termOver, groupMissing: !group.fits });
        // The product's approval flow, else the enabled flow of the borrower type.
        let modules = trx.selectFrom('approval_module').select('id').where('borrower_type', '=', input.borrowerType);
        modules = product.moduleId === null ? modules.where('state', '=', 'ENABLED') : modules.where('id', '=', product.moduleId);
        const module = await modules.executeTakeFirst();
        const first = module && routeOf(await moduleNodes(trx, module.id), input.guaranteeMethod)[0];
        if (!module || !first) throw conflict('workflow.noNodes');
        const orgs = { renshe_org_id: input.rensheOrgId, guarantee_org_id: input.guaranteeOrgId, bank_org_id: input.bankOrgId };
        const people = await nodePeople(trx, first, orgs);
        const assignee = [...people].sort((a, b) => a.pending - b.pending || a.id - b.id)[0];
        if (!assignee) throw conflict('workflow.intakeNoPeople');

        const results = issued ? await runChecks(trx, issued.items, {
          borrowerType: input.borrowerType, idNumber: input.proposer.idNumber, people: screened.slice(1).map((p) => p.idNumber), amount: input.amount,
          termMonths: input.termMonths, partners: input.partners.length, clientGroupFits: group.fits,
          staffCount: input.staffCount ?? null, keyHires: input.employees.filter((e) => e.keyGroup).length,
          blacklistHits: 0, // the screening above found none of these people on the list
        }, outside, ctx.now) : [];
        const { outcome, reasonId } = outcomeOf(issued?.items ?? [], results);
        const refused = outcome === 'REFUSED' && reasonId !== null;
        // A policy rule whose indicator is not in force still holds, as an input error.
        if (!refused && overCap) throw invalid({ amount: fieldMessage('validation.amountCap', { max: yuan(capFen(type.limits, input.partners.length) / 100) }) });
        if (!refused && termOver) throw invalid({ termMonths: fieldMessage('validation.termMax', { max: type.limits.maxTermMonths }) });
        if (!refused && !group.fits) throw invalid({ 'proposer.employmentCategory': 'validation.clientGroup' });

        const { id } = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('application', 'id'))::int as id`.execute(trx).then((r) => r.rows[0]!);
        // The application number carries the China day it was entered on (before 08:00 China time the UTC date is yesterday's).
        const day = chinaToday(ctx.now).replaceAll('-', '');
        const number = `SQ${day}${String(id).padStart(7, '0')}`;
        const { proposer } = input;
        await trx.insertInto('application').values({
          id, number, client_key: input.clientKey, borrower_type: input.borrowerType, module_id: module.id, status: refused ? 'REFUSED' : 'IN_REVIEW',
          node_id: refused ? null : first.id, stage: refused ? null : first.stage, assignee_id: refused ? null : assignee.id, maker_id: null,
          entered_at: refused ? null : ctx.now, deadline: refused ? null : await deadlineFor(trx, first.id, ctx.now), ...orgs,
          refuse_reason_id: refused ? reasonId : null, indicator_issue_id: issued?.id ?? null, check_outcome: bankRate && !refused ? 'FLAGGED' : issued ? outcome : null,
          name: proposer.name, id_number: proposer.idNumber, mobile: proposer.mobile, gender: proposer.gender,
          household_register: proposer.householdRegister, employment_category: proposer.employmentCategory, address: proposer.address,
          business_name: input.businessName, business_scope: input.businessScope, amount: input.amount, term_months: input.termMonths,
          rate: input.rate, repayment_method: input.repaymentMethod, guarantee_method: input.guaranteeMethod, whitelisted,
          client_group_id: group.id, product_id: product.productId, staff_count: input.staffCount ?? null, updated_at: ctx.now,
        }).execute();
        const person = (role: 'SPOUSE' | 'PARTNER' | 'EMPLOYEE' | 'GUARANTOR' | 'GUARANTOR_SPOUSE', p: typeof proposer | NonNullable<typeof input.spouse>, sort: number, extra: { guarantor_id?: number; share_ratio?: number; key_group?: boolean } = {}) =>
          trx.insertInto('application_person').values({
            application_id: id, role, name: p.name, id_number: p.idNumber, mobile: p.mobile, gender: p.gender, work_unit: p.workUnit,
            guarantor_id: extra.guarantor_id ?? null, share_ratio: extra.share_ratio ?? null, key_group: extra.key_group ?? false, sort,
          }).returning('id').executeTakeFirstOrThrow();
        if (input.spouse) await person('SPOUSE', input.spouse, 0);
        for (const [i, p] of input.partners.entries()) await person('PARTNER', p, i, { share_ratio: p.shareRatio });
        for (const [i, p] of input.employees.entries()) await person('EMPLOYEE', p, i, { key_group: p.keyGroup });
        for (const [i, g] of input.guarantors.entries()) {
          const row = await person('GUARANTOR', g, i);
          if (g.spouse) await person('GUARANTOR_SPOUSE', g.spouse, i, { guarantor_id: row.id });
        }
        if (input.house) {
          await trx.insertInto('house_property').values({
            application_id: id, certificate_no: input.house.certificateNo, owner: input.house.owner, address: input.house.address,
            area: input.house.area, assessed_value: input.house.assessedValue, registered_on: null, updated_at: ctx.now,
          }).execute();
        }
        await trx.insertInto('approval_record').values({
          application_id: id, action: 'SUBMIT', node_id: null, stage: null, from_status: null, to_status: 'IN_REVIEW',
          to_node_id: first.id, to_stage: first.stage, actor_id: ctx.user.id, actor_org_id: ctx.user.orgId, target_user_id: assignee.id,
          refuse_reason_id: null, details: JSON.stringify({ channel: true }), idempotency_key: input.clientKey,
        }).execute();
        await saveChecks(trx, id, results, ctx.now);
        if (bankRate) {
          await saveChecks(trx, id, [{ code: BANK_RATE_CHECK, verdict: 'FLAGGED', observed: bankRate.observed, detail: bankRate.detail }], ctx.now);
        }
        await recordLookups(trx, id, outside, issued ? sourcesAsked(issued.items) : [], 'INTAKE', null, ctx.now);
        if (!refused) {
          await notifyAssignee(trx, assignee.id, [{ number }], first.stage);
          return { id, number, status: 'IN_REVIEW', whitelisted };
        }
        // A HARD indicator failed: refused at once with its reason, and the applicant told by SMS.
        await trx.insertInto('approval_record').values({
          application_id: id, action: 'REFUSE', node_id: first.id, stage: first.stage, from_status: 'IN_REVIEW', to_status: 'REFUSED',
          to_node_id: null, to_stage: null, actor_id: ctx.user.id, actor_org_id: ctx.user.orgId, target_user_id: null, opinion: '',
          refuse_reason_id: reasonId, details: JSON.stringify({ indicators: results.filter((r) => r.verdict === 'REFUSED').map((r) => r.code) }),
          idempotency_key: randomUUID(),
        }).execute();
        await sendRefusalSms(trx, ctx, { name: proposer.name, mobile: proposer.mobile, number }, reasonId);
        await enqueueEvent(trx, id, 'REFUSED', ctx.now, ctx.options.push);
        return { id, number, status: 'REFUSED', whitelisted, refusedBy: results.filter((r) => r.verdict === 'REFUSED').map((r) => r.code) };
      });
    },
  }),
];
