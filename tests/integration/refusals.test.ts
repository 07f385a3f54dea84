import { beforeAll, expect, it } from 'vitest';
import { anyStage } from '../../lib/contract/calls/workflow';
import { methodsOf, rowRules } from '../../lib/contract/call';
import { STAGE_INFO, type Stage } from '../../lib/workflow/stages';
import { applicationRow } from '../../lib/contract/workflow';
import { describeUpstream } from './harness';
import { readXlsx } from './xlsx-reader';
import { audit } from '../../upstream/core/audit';
import { fingerprint, newIdNumber, staffIn } from './helpers';
import { createCase, ORGS } from './workflow-fixtures';
import {
  accessInputs, accessOf, combinations, describeMissing, grantAllBut, lacking, send, shapeOf, SPECS, type Spec,
} from './refusal-cases';

/**
 * Refusals generated from the call table, so that a call added to it is covered by adding it:
 * every call whose access needs a permission, a page or an administrator refuses a signed-in
 * user holding everything but that (403, nothing written); every read of organisation-scoped
 * cases shows a user of another organisation none of them and every call naming a record of
 * another organisation (a case, an organisation, a user, a guarantee company) answers them 404
 * with nothing written; a button the row access asks for a variant of a call or for a change of
 * the record is refused (403, nothing written) to a user without it; every answer about a case
 * shows a user without the reveal permission its ID number and mobile masked.
 */
const EVERY_CALL_TIMEOUT = 240_000;
const REVEAL = anyStage('reveal');
const json = (spec: Spec) => !spec.body || spec.body === 'json';
/** A list's fixed page, with every value of the fields that pick what it lists (the stage, pending or processed). */
const listInputs = (spec: Spec) => accessInputs(spec).flatMap((input) =>
  combinations(spec, ['scope']).map((scope) => ({ pageNum: 1, pageSize: 30, ...input, ...scope })));
/** The rows of a list answer (a page or an array). */
const rowsOf = (data: unknown): unknown[] => (Array.isArray(data) ? data : (data as { list: unknown[] }).list);

describeUpstream('refusals generated from the call table', (up) => {
  let outsider: { token: string; roleId: number };
  let reader: { id: number; token: string; roleId: number };
  let stranger: { token: string; roleId: number };
  let caseId: number;
  /** A record of each kind outside the outsider's organisation, as a call's row access names it. */
  let foreign: Record<string, number>;
  let secrets: { idNumber: string; mobile: string; number: string };
  beforeAll(async () => {
    const db = up().db;
    stranger = await staffIn(up(), 'refusal-stranger', null, {});
    const org = await db.insertInto('organization').values({ name: '拒绝测试银行', type: 'BANK', parent_id: null }).returning('id').executeTakeFirstOrThrow();
    outsider = await staffIn(up(), 'refusal-outsider', org.id, {});
    await grantAllBut(db, outsider.roleId, []);
    const renshe = await db.selectFrom('organization').select('id').where('name', '=', ORGS.renshe).executeTakeFirstOrThrow();
    reader = await staffIn(up(), 'refusal-reader', renshe.id, {});
    await grantAllBut(db, reader.roleId, REVEAL);
    const app = await createCase(db);
    secrets = { idNumber: newIdNumber(1985), mobile: '13700001234', number: app.number };
    await db.updateTable('application').set({ id_number: secrets.idNumber, mobile: secrets.mobile }).where('id', '=', app.id).execute();
    caseId = app.id;
    const orgId = (name: string) => db.selectFrom('organization').select('id').where('name', '=', name).executeTakeFirstOrThrow().then((o) => o.id);
    foreign = { case: caseId, org: renshe.id, user: reader.id, company: await orgId(ORGS.gc1) };
  });

  it('refuses every guarded call to a signed-in user holding everything but its access: 403 and nothing written', async () => {
    const wrong: string[] = [];
    let tried = 0;
    for (const [path, spec] of SPECS) {
      for (const input of accessInputs(spec)) {
        for (const missing of lacking(accessOf(spec, input))) {
          await grantAllBut(up().db, stranger.roleId, missing);
          const before = await fingerprint(up());
          const { status } = await send(up(), path, spec, input, stranger.token);
          tried += 1;
          if (status !== 403) wrong.push(`${path} ${JSON.stringify(input)} without ${describeMissing(missing)}: ${status}`);
          expect(await fingerprint(up()), path).toBe(before);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(tried).toBeGreaterThan(200);
  }, EVERY_CALL_TIMEOUT);

  it('shows a user of another organisation none of the cases a scoped read lists, and answers 404 to every call naming a case', async () => {
    const wrong: string[] = [];
    for (const [path, spec] of SPECS) {
      if (spec.scoped === 'case' && !spec.file) {
        for (const input of listInputs(spec)) {
          const { status, json: answer } = await send(up(), path, spec, input, outsider.token);
          if (status !== 200) wrong.push(`${path} ${JSON.stringify(input)}: ${status}`);
          else if (rowsOf(answer!.data).length) wrong.push(`${path} ${JSON.stringify(input)}: ${rowsOf(answer!.data).length} rows of other organisations`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, EVERY_CALL_TIMEOUT);

  it('answers 404 to every call naming a case, an organisation, a user or a guarantee company of another organisation, with nothing written', async () => {
    const wrong: string[] = [];
    const named = new Set<string>();
    for (const [path, spec] of SPECS) {
      if (!json(spec)) continue;
      for (const rule of rowRules(spec)) {
        const id = foreign[rule.of];
        if (id === undefined) continue;
        named.add(rule.of);
        const before = await fingerprint(up());
        const input = { [rule.by]: rule.by === 'ids' ? [id] : id };
        const { status } = await send(up(), path, spec, input, outsider.token);
        if (status !== 404) wrong.push(`${path} ${JSON.stringify(input)} names a ${rule.of} of another organisation: ${status}`);
        if (await fingerprint(up()) !== before) wrong.push(`${path} ${JSON.stringify(input)}: wrote`);
      }
    }
    expect(wrong).toEqual([]);
    expect([...named].sort()).toEqual(['case', 'company', 'org', 'user']);
  }, EVERY_CALL_TIMEOUT);

  it('refuses a variant of a call that needs a button at the case\'s stage to a reader of the case without it: 403, nothing written', async () => {
    const { stage } = await up().db.selectFrom('application').select('stage').where('id', '=', caseId).executeTakeFirstOrThrow();
    const variants = SPECS.flatMap(([path, spec]) => rowRules(spec).filter((rule) => rule.of === 'case' && rule.when).map((rule) => ({ path, spec, rule })));
    expect(variants.map((v) => v.path)).toContain('GovernmentDataSc/insure');
    const renshe = await up().db.selectFrom('organization').select('id').where('name', '=', ORGS.renshe).executeTakeFirstOrThrow();
    const colleague = await staffIn(up(), 'refusal-colleague', renshe.id, {});
    for (const { path, spec, rule } of variants) {
      await grantAllBut(up().db, colleague.roleId, [{ permission: `${STAGE_INFO[stage as Stage].module}::${rule.button}` }]);
      const before = await fingerprint(up());
      const refused = await send(up(), path, spec, { [rule.by]: caseId, [rule.when!]: true }, colleague.token);
      expect(refused.status, path).toBe(403);
      expect(await fingerprint(up()), path).toBe(before);
      // Without the variant the call is theirs.
      expect((await send(up(), path, spec, { [rule.by]: caseId }, colleague.token)).status, path).toBe(200);
    }
  }, EVERY_CALL_TIMEOUT);

  it('refuses each change of a record to a user without the button the call\'s row access names for it: 403, nothing written', async () => {
    const flow = await up().db.selectFrom('approval_module').select(['id', 'name', 'name_en', 'description', 'state', 'version'])
      .where('deleted_at', 'is', null).orderBy('id').executeTakeFirstOrThrow();
    /** A record of each kind whose changes need buttons, as an edit that changes nothing. */
    const records: Record<string, Record<string, unknown>> = {
      flow: { id: flow.id, version: flow.version, name: flow.name, nameEn: flow.name_en, description: flow.description, state: flow.state },
    };
    const changed = (value: unknown) => (value === 'ENABLED' ? 'DISABLED' : value === 'DISABLED' ? 'ENABLED' : `${String(value)}改`);
    let tried = 0;
    for (const [path, spec] of SPECS) {
      for (const rule of rowRules(spec).filter((r) => r.changes)) {
        const record = records[rule.of];
        expect(record, `${path}: no record of kind ${rule.of} to change`).toBeDefined();
        for (const [field, permission] of Object.entries(rule.changes!)) {
          await grantAllBut(up().db, stranger.roleId, [{ permission }]);
          const before = await fingerprint(up());
          const { status } = await send(up(), path, spec, { ...record, [field]: changed(record![field]) }, stranger.token);
          tried += 1;
          expect(status, `${path} changing ${field} without ${permission}`).toBe(403);
          expect(await fingerprint(up()), path).toBe(before);
        }
      }
    }
    expect(tried).toBe(4);
  }, EVERY_CALL_TIMEOUT);

  it('declares every list of cases as organisation-scoped', () => {
    const lists = SPECS.filter(([, spec]) => (spec as unknown as { output: { shape?: { list?: { element?: unknown } } } }).output.shape?.list?.element === applicationRow);
    expect(lists.length).toBeGreaterThan(2);
    expect(lists.filter(([, spec]) => spec.scoped !== 'case').map(([path]) => path)).toEqual([]);
  });

  it('masks the ID number and mobile in every answer about a case to a reader without the reveal permission', async () => {
    const wrong: string[] = [];
    let read = 0;
    const shown = new Set<string>();
    for (const [path, spec] of SPECS) {
      if (spec.file || !json(spec)) continue;
      // A list is searched for the case by its number where it can be, so that its row is on the page read.
      const search = 'number' in shapeOf(spec) ? { number: secrets.number } : {};
      // A call naming the case: with every value of its other fields (a reveal's field, a template's id 1, the seed's first).
      const [row] = rowRules(spec);
      const others = Object.keys(shapeOf(spec)).filter((field) => field !== row?.by);
      const inputs = row?.of === 'case' && (!row.button || row.when) ? combinations(spec, others).filter((rest) => !row.when || !rest[row.when]).map((rest) => ({ [row.by]: caseId, ...rest }))
        : spec.scoped === 'case' ? listInputs(spec).map((input) => ({ ...input, ...search })) : [];
      for (const input of inputs) {
        const { status, text } = await send(up(), path, spec, input, reader.token);
        if (status === 403 && lacking(accessOf(spec, input)).some((missing) => describeMissing(missing) === describeMissing(REVEAL))) continue; // the reveal itself
        read += 1;
        if (text.includes(secrets.number)) shown.add(path);
        if (status !== 200) wrong.push(`${path} ${JSON.stringify(input)}: ${status}`);
        if (text.includes(secrets.idNumber) || text.includes(secrets.mobile)) wrong.push(`${path} ${JSON.stringify(input)}: unmasked`);
      }
    }
    expect(wrong).toEqual([]);
    expect(read).toBeGreaterThan(20);
    // The answers did hold the case: its details, the loan query, the workbench it waits at, the agreement preview.
    expect([...shown]).toEqual(expect.arrayContaining(['businessClubFirstTrial/unfold', 'businessApproveRecord/loanUnfold', 'businessClubFirstTrial/getList', 'businessModelAgreement/preview']));
  }, EVERY_CALL_TIMEOUT);

  it('masks the ID numbers and mobiles in every export (.xlsx) to a reader without the reveal permission', async () => {
    const db = up().db;
    const renshe = await db.selectFrom('organization').select('id').where('name', '=', ORGS.renshe).executeTakeFirstOrThrow();
    // The same person's issued loan (the ledger), an operation of the reader's organisation naming both numbers (the
    // operation log) and a sign-in under a mobile typed as the name (the sign-in log): every export could show them.
    const loan = await createCase(db);
    await db.updateTable('application').set({ id_number: secrets.idNumber, mobile: secrets.mobile, status: 'LOANED', node_id: null, stage: null, assignee_id: null, loan_amount: 1000, loan_date: '2025-01-02' })
      .where('id', '=', loan.id).execute();
    const orgs = await db.selectFrom('application').select(['bank_org_id', 'guarantee_org_id', 'renshe_org_id']).where('id', '=', loan.id).executeTakeFirstOrThrow();
    await db.insertInto('loan_account').values({
      application_id: loan.id, ...orgs, principal: 100_000, outstanding: 100_000, issue_date: '2025-01-02', maturity_date: '2026-01-02', term_months: 12,
      rate: '0.0435', method: 'INTEREST_MONTHLY', state: 'CURRENT', overdue_days: 0, next_due_date: '2025-02-02', next_due_amount: 362, updated_at: new Date(),
    }).execute();
    await audit(db, { id: reader.id, orgId: renshe.id }, 'user.update', { type: 'user', id: reader.id }, { before: { mobile: secrets.mobile }, after: { idNumber: secrets.idNumber } });
    const signedIn = await staffIn(up(), secrets.mobile, renshe.id, {});
    await db.updateTable('app_user').set({ nickname: '手机号登录者' }).where('id', '=', signedIn.id).execute();
    const wrong: string[] = [];
    const held = new Set<string>();
    let read = 0;
    for (const [path, spec] of SPECS) {
      if (!spec.file || !json(spec) || spec.access === 'public') continue;
      // A file of one record (an upload by its id) is not an export.
      for (const input of accessInputs(spec).filter((i) => spec.input.safeParse(i).success)) {
        const response = await up().request(path, input, { token: reader.token, method: methodsOf(spec).includes('POST') ? 'POST' : 'GET' });
        if (response.status !== 200) { wrong.push(`${path} ${JSON.stringify(input)}: ${response.status}`); continue; }
        read += 1;
        const text = JSON.stringify(readXlsx(await response.arrayBuffer()));
        if (text.includes(secrets.number) || text.includes(loan.number) || text.includes(`${secrets.mobile.slice(0, 3)}****`)) held.add(path);
        if (text.includes(secrets.idNumber) || text.includes(secrets.mobile)) wrong.push(`${path} ${JSON.stringify(input)}: unmasked`);
      }
    }
    expect(wrong).toEqual([]);
    expect(read).toBeGreaterThan(5);
    // The files did hold the person: the workbench's, the ledger's, the operation log's and the sign-in log's.
    expect([...held]).toEqual(expect.arrayContaining(['businessClubFirstTrial/exportAll', 'loanAccount/export', 'operationLog/export', 'loginLog/export']));
  }, EVERY_CALL_TIMEOUT);
});
