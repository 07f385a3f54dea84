import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { expectFields } from './helpers';
import { PNG, readContent, uploadContent } from './content-fixtures';

describeUpstream('help templates (businessHelpInfo) and the portal\'s help', (up) => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const name of ['admin', 'renshe']) tokens[name] = await up().login(name);
  });
  const add = async (title: string, category = 'FAQ', body = `<p>${title}的回答</p>`) =>
    (await up().call('businessHelpInfo/add', { title, category, body }, { token: tokens.admin })).body.data;
  const order = async (category: string) =>
    (await up().call('businessHelpInfo/getOrder', { category }, { token: tokens.admin })).body.data as { id: number; title: string }[];

  it('adds templates last in their category and reorders the whole category', async () => {
    const a = await add('如何申请？', 'APPLY');
    const b = await add('需要哪些材料？', 'APPLY');
    const c = await add('多久放款？', 'APPLY');
    expect([b.sort, c.sort]).toEqual([a.sort + 1, a.sort + 2]);
    const current = (await order('APPLY')).map((r) => r.id);
    expect(current.slice(-3)).toEqual([a.id, b.id, c.id]);
    const wanted = [c.id, ...current.filter((id) => id !== c.id)];
    const moved = await up().call('businessHelpInfo/updateSort', { category: 'APPLY', ids: wanted }, { token: tokens.admin });
    expect(moved.body.data.map((r: { id: number }) => r.id)).toEqual(wanted);
    expect((await order('APPLY')).map((r) => r.id)).toEqual(wanted);
    const portal = await up().call('mobile/public/businessHelpInfo/list', { category: 'APPLY' }, { method: 'GET' });
    expect(portal.body.data.map((r: { id: number }) => r.id)).toEqual(wanted);
    // A list that is not the category as it is now: 409, nothing moves.
    const stale = await up().call('businessHelpInfo/updateSort', { category: 'APPLY', ids: wanted.slice(1) }, { token: tokens.admin });
    expect(stale.status).toBe(409);
    expect((await up().call('businessHelpInfo/updateSort', { category: 'APPLY', ids: [...wanted, wanted[0]] }, { token: tokens.admin })).status).toBe(409);
    expect((await order('APPLY')).map((r) => r.id)).toEqual(wanted);
    const audit = await up().db.selectFrom('audit_log').select('summary').where('action', '=', 'helpInfo.sort').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(typeof audit.summary === 'string' ? JSON.parse(audit.summary) : audit.summary).toMatchObject({ category: 'APPLY', after: wanted });
  });

  it('moves a template to another category last there, and keeps disabled ones from the portal', async () => {
    const first = await add('材料一', 'MATERIALS');
    const other = await add('转移的', 'FAQ');
    const moved = await up().call('businessHelpInfo/update', { id: other.id, version: other.version, title: '转移的', category: 'MATERIALS', body: '<p>x</p>' }, { token: tokens.admin });
    expect(moved.body.data).toMatchObject({ category: 'MATERIALS', sort: first.sort + 1 });
    const disabled = await up().call('businessHelpInfo/changeState', { id: first.id, version: first.version, state: 'DISABLED' }, { token: tokens.admin });
    expect(disabled.body.data.state).toBe('DISABLED');
    const portal = await up().call('mobile/public/businessHelpInfo/list', { category: 'MATERIALS' });
    const shown = portal.body.data.map((r: { id: number }) => r.id);
    expect(shown).toContain(other.id);
    expect(shown).not.toContain(first.id);
    const all = await up().call('mobile/public/businessHelpInfo/list', {});
    expect(all.body.data.every((r: { category: string }) => ['APPLY', 'MATERIALS', 'FAQ'].includes(r.category))).toBe(true);
  });

  it('sanitises bodies, keeps only uploaded images, and serves them to the portal while the template is enabled', async () => {
    const image = (await uploadContent(up(), tokens.admin, { bytes: PNG, name: 'a.png' })).body.data;
    const t = await add('带图的', 'FAQ', `<p onmouseover="x()">看图<img src="${image.url}"><iframe src="https://evil.example"></iframe></p>`);
    expect(t.body).toBe(`<p>看图<img src="${image.url}" /></p>`);
    expect((await readContent(up(), image.id)).status).toBe(200);
    await up().call('businessHelpInfo/changeState', { id: t.id, version: t.version, state: 'DISABLED' }, { token: tokens.admin });
    expect((await readContent(up(), image.id)).status).toBe(404);
  });

  it('refuses bad input with field messages, stale versions with 409, and deletes with the version read', async () => {
    expectFields(await up().call('businessHelpInfo/add', { title: '', category: 'OTHER', body: '' }, { token: tokens.admin }), {
      title: 'validation.contentTitleRequired', category: 'validation.contentCategory', body: 'validation.contentBodyRequired',
    });
    expectFields(await up().call('businessHelpInfo/updateSort', { category: 'FAQ', ids: [] }, { token: tokens.admin }), { ids: 'validation.contentOrder' });
    const t = await add('将删除');
    expect((await up().call('businessHelpInfo/del', { id: t.id, version: t.version + 1 }, { token: tokens.admin })).status).toBe(409);
    expect((await up().call('businessHelpInfo/del', { id: t.id, version: t.version }, { token: tokens.admin })).body.code).toBe(200);
    const list = await up().call('businessHelpInfo/list', { title: '将删除' }, { token: tokens.admin });
    expect(list.body.data.total).toBe(0);
  });

  it('refuses every staff call without the page or button, and without a session', async () => {
    const calls: [string, object][] = [
      ['businessHelpInfo/list', {}], ['businessHelpInfo/add', { title: 'a', category: 'FAQ', body: '<p>a</p>' }],
      ['businessHelpInfo/update', { id: 1, version: 1, title: 'a', category: 'FAQ', body: '<p>a</p>' }],
      ['businessHelpInfo/changeState', { id: 1, version: 1, state: 'DISABLED' }], ['businessHelpInfo/del', { id: 1, version: 1 }],
      ['businessHelpInfo/getOrder', { category: 'FAQ' }], ['businessHelpInfo/updateSort', { category: 'FAQ', ids: [1] }],
    ];
    for (const [path, input] of calls) {
      expect((await up().call(path, input, { token: tokens.renshe })).status, path).toBe(403);
      expect((await up().call(path, input)).status, path).toBe(401);
    }
  });
});
