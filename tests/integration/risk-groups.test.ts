import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { expectFields, staffIn } from './helpers';

const PAGE = '/admin/setting/model-setting-client';

describeUpstream('client groups and borrower types (business-client-group)', (up) => {
  let admin: string;
  let reviewer: string;
  beforeAll(async () => {
    admin = await up().login('admin');
    reviewer = await up().login('renshe');
  });
  const call = (path: string, body: unknown, token = admin) => up().call(path, body, { token });
  const group = { code: 'INCUBATED', nameZh: '孵化基地入驻人员', nameEn: 'Incubator tenants', borrowerTypes: ['PERSON', 'PARTNERSHIP'], proofKinds: ['BUSINESS_LICENSE'], creditExempt: true };

  it('lists the ten seeded groups, searched by name and borrower type', async () => {
    const all = await call('business-client-group/list', { pageNum: 1, pageSize: 20 });
    expect(all.body.data.total).toBe(10);
    expect(all.body.data.list[0]).toMatchObject({ code: 'UNEMPLOYED', nameZh: '城镇登记失业人员', borrowerTypes: ['PERSON', 'PARTNERSHIP', 'SMALL_COMPANY'], state: 'ENABLED' });
    expect((await call('business-client-group/list', { pageNum: 1, pageSize: 20, name: 'graduate' })).body.data.list.map((g: { code: string }) => g.code)).toEqual(['GRADUATE']);
  });

  it('adds and edits a group with its version; bad input is 422; a code twice is refused', async () => {
    expectFields(await call('business-client-group/edit', { ...group, code: 'bad code', borrowerTypes: [], proofKinds: ['NOPE'] }), {
      code: 'validation.codeFormat', borrowerTypes: 'validation.borrowerType', 'proofKinds.0': 'validation.fileKind',
    });
    const added = await call('business-client-group/edit', group);
    expect(added.body.data).toMatchObject({ ...group, state: 'ENABLED', used: 0, version: 1 });
    expectFields(await call('business-client-group/edit', group), { code: 'validation.codeTaken' });
    const edited = await call('business-client-group/edit', { ...group, id: added.body.data.id, version: 1, borrowerTypes: ['SMALL_COMPANY'] });
    expect(edited.body.data).toMatchObject({ borrowerTypes: ['SMALL_COMPANY'], version: 2 });
    expect((await call('business-client-group/edit', { ...group, id: added.body.data.id, version: 1 })).status).toBe(409);
    expect((await call('business-client-group/edit', { ...group, id: 99_999, version: 1 })).status).toBe(404);
    expect((await call('business-client-group/list', { pageNum: 1, pageSize: 20, borrowerType: 'SMALL_COMPANY', name: 'INCUB' })).body.data.total).toBe(1);
    expect((await call('business-client-group/del', { id: added.body.data.id, version: 2 })).body.code).toBe(200);
    expect((await call('business-client-group/list', { pageNum: 1, pageSize: 20, name: 'INCUB' })).body.data.total).toBe(0);
  });

  it('a group in use is disabled by its delete, never deleted', async () => {
    const graduate = (await call('business-client-group/list', { pageNum: 1, pageSize: 20, name: 'GRADUATE' })).body.data.list[0];
    expect(graduate.used).toBeGreaterThan(0);
    expect((await call('business-client-group/del', { id: graduate.id, version: graduate.version })).body.code).toBe(200);
    const after = (await call('business-client-group/list', { pageNum: 1, pageSize: 20, name: 'GRADUATE' })).body.data.list[0];
    expect(after).toMatchObject({ id: graduate.id, state: 'DISABLED', version: graduate.version + 1 });
    await call('business-client-group/edit', { ...after, state: 'ENABLED' });
  });

  it('borrower types carry their caps and longest term; an administrator changes them with the version', async () => {
    const types = (await call('business-client-group/typeOfBorrowerList', {}, reviewer)).body.data;
    expect(types).toEqual([
      expect.objectContaining({ borrowerType: 'PERSON', capAmount: 300000, totalCapAmount: null, maxTermMonths: 36 }),
      expect.objectContaining({ borrowerType: 'PARTNERSHIP', capAmount: 300000, totalCapAmount: 1100000, maxTermMonths: 36 }),
      expect.objectContaining({ borrowerType: 'SMALL_COMPANY', capAmount: 4000000, totalCapAmount: null, maxTermMonths: 24 }),
    ]);
    const person = types[0];
    expectFields(await call('business-client-group/typeOfBorrowerUpdate', { ...person, capAmount: -1, maxTermMonths: 0 }), { capAmount: 'validation.amount', maxTermMonths: 'validation.term' });
    const changed = await call('business-client-group/typeOfBorrowerUpdate', { ...person, capAmount: 350000, totalCapAmount: null });
    expect(changed.body.data).toMatchObject({ capAmount: 350000, version: person.version + 1 });
    expect((await call('business-client-group/typeOfBorrowerUpdate', { ...person, capAmount: 360000, totalCapAmount: null })).status).toBe(409);
    expect((await call('business-client-group/typeOfBorrowerUpdate', { ...person, totalCapAmount: null }, reviewer)).status).toBe(403);
  });

  it('small companies carry the staffing indicator\'s limits, changed with the version, validated and audited', async () => {
    const types = (await call('business-client-group/typeOfBorrowerList', {})).body.data;
    expect(types.map((t: { keyHireShare: number | null; keyHireLargeShare: number | null; keyHireStaffThreshold: number | null }) =>
      [t.keyHireShare, t.keyHireLargeShare, t.keyHireStaffThreshold])).toEqual([[null, null, null], [null, null, null], [15, 8, 100]]);
    const small = types[2];
    const update = (body: object, token = admin) => call('business-client-group/typeOfBorrowerUpdate', { ...small, ...body }, token);

    expectFields(await update({ keyHireShare: 100.5, keyHireLargeShare: 8.123, keyHireStaffThreshold: 0 }), {
      keyHireShare: 'validation.keyHireShare', keyHireLargeShare: 'validation.keyHireLargeShare', keyHireStaffThreshold: 'validation.keyHireStaffThreshold',
    });
    expectFields(await update({ keyHireShare: -1, keyHireLargeShare: 'eight', keyHireStaffThreshold: 100_001 }), {
      keyHireShare: 'validation.keyHireShare', keyHireLargeShare: 'validation.keyHireLargeShare', keyHireStaffThreshold: 'validation.keyHireStaffThreshold',
    });
    expectFields(await update({ keyHireStaffThreshold: 12.5 }), { keyHireStaffThreshold: 'validation.keyHireStaffThreshold' });
    // Required for a small company (blank and absent alike).
    expectFields(await update({ keyHireShare: null, keyHireLargeShare: '', keyHireStaffThreshold: undefined }), {
      keyHireShare: 'validation.keyHireShare', keyHireLargeShare: 'validation.keyHireLargeShare', keyHireStaffThreshold: 'validation.keyHireStaffThreshold',
    });
    expect((await update({ keyHireShare: 20 }, reviewer)).status).toBe(403);
    expect((await call('business-client-group/typeOfBorrowerList', {})).body.data[2]).toEqual(small);

    const changed = await update({ keyHireShare: '17.25', keyHireLargeShare: 9.5, keyHireStaffThreshold: 250 });
    expect(changed.body.data).toEqual({ ...small, keyHireShare: 17.25, keyHireLargeShare: 9.5, keyHireStaffThreshold: 250, version: small.version + 1 });
    const stale = await update({ keyHireShare: 30 });
    expect(stale.status).toBe(409);
    expect((await call('business-client-group/typeOfBorrowerList', {})).body.data[2]).toEqual(changed.body.data);
    const audit = await up().db.selectFrom('audit_log').select(['action', 'summary']).where('target_type', '=', 'borrowerType').where('target_id', '=', 'SMALL_COMPANY')
      .orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'borrowerType.update', summary: { before: { keyHireShare: 15, keyHireStaffThreshold: 100 }, after: { keyHireShare: 17.25, keyHireStaffThreshold: 250 } } });

    // Other types have no staffing limits: what is sent for them is ignored.
    const person = (await call('business-client-group/typeOfBorrowerList', {})).body.data[0];
    const personChanged = await call('business-client-group/typeOfBorrowerUpdate', { ...person, keyHireShare: 20, keyHireLargeShare: 10, keyHireStaffThreshold: 50 });
    expect(personChanged.body.data).toMatchObject({ keyHireShare: null, keyHireLargeShare: null, keyHireStaffThreshold: null });

    // Back to the policy's figures for the other files' cases.
    const back = await call('business-client-group/typeOfBorrowerUpdate', { ...changed.body.data, keyHireShare: 15, keyHireLargeShare: 8, keyHireStaffThreshold: 100 });
    expect(back.body.data).toMatchObject({ keyHireShare: 15, keyHireLargeShare: 8, keyHireStaffThreshold: 100, version: small.version + 2 });
  });

  it('is the administrators\' business: a reviewer gets 403, a page grant reads, the edit button writes', async () => {
    expect((await call('business-client-group/list', { pageNum: 1, pageSize: 10 }, reviewer)).status).toBe(403);
    expect((await call('business-client-group/edit', group, reviewer)).status).toBe(403);
    const reader = await staffIn(up(), 'groupreader', null, { pages: [PAGE] });
    expect((await call('business-client-group/list', { pageNum: 1, pageSize: 10 }, reader.token)).status).toBe(200);
    expect((await call('business-client-group/del', { id: 1, version: 1 }, reader.token)).status).toBe(403);
  });
});
