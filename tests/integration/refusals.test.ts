import { beforeAll, expect, it } from 'vitest';
import { anyStage } from '../../lib/contract/calls/workflow';
import { applicationRow } from '../../lib/contract/workflow';
import { describeUpstream } from './harness';
import { fingerprint, newIdNumber, staffIn } from './helpers';
import { createCase, ORGS } from './workflow-fixtures';
import {
  accessInputs, accessOf, combinations, describeMissing, grantAllBut, lacking, send, shapeOf, SPECS, type Spec,
} from './refusal-cases';

/**
 * Refusals generated from the call table, so that a call added to it is covered by adding it:
 * every call whose access needs a permission, a page or an administrator refuses a signed-in
 * user holding everything but that (403, nothing written); every read of organisation-scoped
 * cases shows a user of another organisation none of them and every call naming a case answers
 * them 404; every answer about a case shows a user without the reveal permission its ID number
 * and mobile masked.
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
  let reader: { token: string; roleId: number };
  let stranger: { token: string; roleId: number };
  let caseId: number;
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
      if (spec.row?.of === 'case' && json(spec)) {
        const { status } = await send(up(), path, spec, { [spec.row.by]: caseId }, outsider.token);
        if (status !== 404) wrong.push(`${path} names a case of another organisation: ${status}`);
      }
    }
    expect(wrong).toEqual([]);
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
      const others = Object.keys(shapeOf(spec)).filter((field) => field !== spec.row?.by);
      const inputs = spec.row?.of === 'case' && !spec.row.button ? combinations(spec, others).map((rest) => ({ [spec.row!.by]: caseId, ...rest }))
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
});
