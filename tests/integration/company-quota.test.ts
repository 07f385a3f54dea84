import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { expectFields, orgIdOf, staffIn } from './helpers';
import { ORGS } from './workflow-fixtures';
import { REPORT_QUOTA } from '../../lib/workflow/reports';

interface Company { orgId: number; name: string; quota: number | null; left: number | null; used: number; version: number }

describeUpstream('guarantee company quotas (guaranteeCompany/updateQuota)', (up) => {
  const tokens: Record<string, string> = {};
  const orgs = {} as Record<'gc1' | 'gc2' | 'bank1', number>;
  beforeAll(async () => {
    for (const name of ['admin', 'guarantee', 'bank']) tokens[name] = await up().login(name);
    for (const key of ['gc1', 'gc2', 'bank1'] as const) orgs[key] = await orgIdOf(up().db, ORGS[key]);
  });
  const call = (path: string, body: object, who: string) => up().call(path, body, { token: tokens[who] });
  const company = async (orgId: number, who = 'admin') =>
    ((await call('businessClubFirstTrial/getBondingCompanyList', {}, who)).body.data.list as Company[]).find((c) => c.orgId === orgId)!;
  const quotaRow = (orgId: number) => up().db.selectFrom('guarantee_quota').select(['quota', 'version']).where('org_id', '=', orgId).executeTakeFirst();

  it('sets a quota against the version read: the list shows it and what is left, the change is audited, a stale version is refused', async () => {
    const before = await company(orgs.gc1);
    expect(before.quota).toBe(60_000_000);
    const saved = await call('guaranteeCompany/updateQuota', { orgId: orgs.gc1, quota: 75_000_000.5, version: before.version }, 'admin');
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ orgId: orgs.gc1, quota: 75_000_000.5, version: before.version + 1 });
    const after = await company(orgs.gc1);
    expect(after).toMatchObject({ quota: 75_000_000.5, version: before.version + 1, left: Math.round((75_000_000.5 - after.used) * 100) / 100 });

    const entry = await up().db.selectFrom('audit_log').select(['action', 'target_type', 'target_id', 'summary']).where('action', '=', 'guaranteeQuota.update')
      .orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ target_type: 'guaranteeQuota', target_id: String(orgs.gc1) });
    const summary = typeof entry.summary === 'string' ? JSON.parse(entry.summary) : entry.summary;
    expect(summary).toMatchObject({ before: { quota: 60_000_000, version: before.version }, after: { quota: 75_000_000.5, version: before.version + 1 } });

    // Someone who read the old version: 409, the quota stays.
    const stale = await call('guaranteeCompany/updateQuota', { orgId: orgs.gc1, quota: 1_000, version: before.version }, 'admin');
    expect(stale.status).toBe(409);
    expect(Number((await quotaRow(orgs.gc1))!.quota)).toBe(75_000_000.5);
  });

  it('gives a company without a quota its first one (version 0); two first settings at once leave one', async () => {
    await up().db.deleteFrom('guarantee_quota').where('org_id', '=', orgs.gc2).execute();
    expect(await company(orgs.gc2)).toMatchObject({ quota: null, left: null, version: 0 });
    const answers = await Promise.all([30_000_000, 35_000_000].map((quota) => call('guaranteeCompany/updateQuota', { orgId: orgs.gc2, quota, version: 0 }, 'admin')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.status === 200)!.body.data.quota;
    expect(await quotaRow(orgs.gc2)).toEqual({ quota: expect.anything(), version: 1 });
    expect(Number((await quotaRow(orgs.gc2))!.quota)).toBe(won);
    // A retry of the same setting with the version now read is a plain second edit.
    expect((await call('guaranteeCompany/updateQuota', { orgId: orgs.gc2, quota: won, version: 1 }, 'admin')).body.data).toEqual({ orgId: orgs.gc2, quota: won, version: 2 });
  });

  it('bad input is 422 naming the field and changes nothing', async () => {
    const row = await quotaRow(orgs.gc1);
    expectFields(await call('guaranteeCompany/updateQuota', { orgId: orgs.gc1, quota: -5, version: row!.version }, 'admin'), { quota: 'validation.amount' });
    expectFields(await call('guaranteeCompany/updateQuota', { orgId: orgs.gc1, quota: 10.001, version: row!.version }, 'admin'), { quota: 'validation.amount' });
    expectFields(await call('guaranteeCompany/updateQuota', { orgId: orgs.gc1, quota: 'lots', version: row!.version }, 'admin'), { quota: 'validation.amount' });
    expectFields(await call('guaranteeCompany/updateQuota', { orgId: orgs.gc1, quota: 100, version: -1 }, 'admin'), { version: 'validation.version' });
    expectFields(await call('guaranteeCompany/updateQuota', { orgId: 0, quota: 100, version: 1 }, 'admin'), { orgId: 'validation.id' });
    // A bank is not a guarantee company.
    expectFields(await call('guaranteeCompany/updateQuota', { orgId: orgs.bank1, quota: 100, version: 0 }, 'admin'), { orgId: 'validation.orgType' });
    expect(await quotaRow(orgs.gc1)).toEqual(row);
    expect(await quotaRow(orgs.bank1)).toBeUndefined();
  });

  it('needs the report page and its quota button, and only a company in the user’s organisation', async () => {
    const row = await quotaRow(orgs.gc1);
    // The report's readers without the button, and the demo's reviewers: refused.
    const reader = await staffIn(up(), 'quota-reader', null, { pages: ['/admin/setting/report'] });
    expect((await up().call('guaranteeCompany/updateQuota', { orgId: orgs.gc1, quota: 100, version: row!.version }, { token: reader.token })).status).toBe(403);
    expect((await call('guaranteeCompany/updateQuota', { orgId: orgs.gc1, quota: 100, version: row!.version }, 'guarantee')).status).toBe(403);
    expect((await call('guaranteeCompany/updateQuota', { orgId: orgs.gc1, quota: 100, version: row!.version }, 'bank')).status).toBe(403);
    expect((await up().call('guaranteeCompany/updateQuota', { orgId: orgs.gc1, quota: 100, version: row!.version })).status).toBe(401);
    // Staff of one company holding the button set their own company's quota; another's does not exist for them (404).
    const own = await staffIn(up(), 'quota-gc2', orgs.gc2, { pages: ['/admin/setting/report'], buttons: [REPORT_QUOTA] });
    expect((await up().call('guaranteeCompany/updateQuota', { orgId: orgs.gc1, quota: 100, version: row!.version }, { token: own.token })).status).toBe(404);
    expect(await quotaRow(orgs.gc1)).toEqual(row);
    const gc2 = await quotaRow(orgs.gc2);
    const mine = await up().call('guaranteeCompany/updateQuota', { orgId: orgs.gc2, quota: 12_000_000, version: gc2?.version ?? 0 }, { token: own.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.quota).toBe(12_000_000);
  });

  it('the quota button sits under the report page in the permission tree', async () => {
    const page = await up().db.selectFrom('permission').select('id').where('path', '=', '/admin/setting/report').executeTakeFirstOrThrow();
    const button = await up().db.selectFrom('permission').select(['kind', 'parent_id', 'title_zh']).where('action', '=', REPORT_QUOTA).executeTakeFirstOrThrow();
    expect(button).toEqual({ kind: 'BUTTON', parent_id: page.id, title_zh: '设置担保公司额度' });
  });
});
