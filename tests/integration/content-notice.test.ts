import { beforeAll, describe, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { countRows, expectFields } from './helpers';
import { PDF, PNG, readContent, uploadContent } from './content-fixtures';

const body = (extra = '') => `<h2>申请条件</h2><ul><li>登记失业人员</li></ul>${extra}`;

describeUpstream('notices (businessIssueInfo) and their public reads', (up) => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const name of ['admin', 'renshe']) tokens[name] = await up().login(name);
  });
  const add = (input: object, token = tokens.admin) => up().call('businessIssueInfo/add', { title: '政策解读', category: 'POLICY', body: body(), ...input }, { token });

  it('writes a draft with a sanitised body, which the portal never serves', async () => {
    const { body: res } = await add({ body: body('<p onclick="alert(1)">x<script>alert(2)</script><a href="javascript:alert(3)">l</a></p>') });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ state: 'DRAFT', pinned: false, publishAt: null, scheduled: false, version: 1 });
    expect(res.data.body).toBe('<h2>申请条件</h2><ul><li>登记失业人员</li></ul><p>x<a>l</a></p>');
    const list = await up().call('mobile/public/businessIssueInfo/list', {});
    expect(list.body.data.list.map((n: { id: number }) => n.id)).not.toContain(res.data.id);
    expect((await up().call('mobile/public/businessIssueInfo/get', { id: res.data.id })).status).toBe(404);
  });

  it('publishes now, serves it to the public (list and one), then withdraws it and it is gone', async () => {
    const { data: draft } = (await add({ title: '2026 年创业担保贷款申请通知', category: 'NOTICE' })).body;
    const published = await up().call('businessIssueInfo/publish', { id: draft.id, version: draft.version }, { token: tokens.admin });
    expect(published.body.data).toMatchObject({ state: 'PUBLISHED', scheduled: false, version: 2 });
    const list = await up().call('mobile/public/businessIssueInfo/list', { category: 'NOTICE' }, { method: 'GET' });
    expect(list.body.data.list[0]).toMatchObject({ id: draft.id, title: '2026 年创业担保贷款申请通知', category: 'NOTICE' });
    expect(list.body.data.list[0]).not.toHaveProperty('body');
    const one = await up().call('mobile/public/businessIssueInfo/get', { id: draft.id });
    expect(one.body.data.body).toBe(body());

    const again = await up().call('businessIssueInfo/publish', { id: draft.id, version: 2 }, { token: tokens.admin });
    expect(again.status).toBe(409);
    const withdrawn = await up().call('businessIssueInfo/withdraw', { id: draft.id, version: 2 }, { token: tokens.admin });
    expect(withdrawn.body.data).toMatchObject({ state: 'WITHDRAWN', version: 3 });
    expect((await up().call('mobile/public/businessIssueInfo/get', { id: draft.id })).status).toBe(404);
    const after = await up().call('mobile/public/businessIssueInfo/list', { pageSize: 30 });
    expect(after.body.data.list.map((n: { id: number }) => n.id)).not.toContain(draft.id);
  });

  it('schedules a notice: it is served only once its time has come', async () => {
    const { data: draft } = (await add({ title: '定时发布' })).body;
    const at = new Date(up().clock.now().getTime() + 2 * 3_600_000).toISOString();
    const scheduled = await up().call('businessIssueInfo/publish', { id: draft.id, version: 1, publishAt: at }, { token: tokens.admin });
    expect(scheduled.body.data).toMatchObject({ state: 'PUBLISHED', scheduled: true, publishAt: at });
    expect((await up().call('mobile/public/businessIssueInfo/get', { id: draft.id })).status).toBe(404);
    up().clock.advance(2 * 3_600_000 + 1000);
    expect((await up().call('mobile/public/businessIssueInfo/get', { id: draft.id })).status).toBe(200);
    const past = await up().call('businessIssueInfo/publish', { id: (await add({})).body.data.id, version: 1, publishAt: '2020-01-01T08:00:00+08:00' }, { token: tokens.admin });
    expectFields(past, { publishAt: 'validation.contentPublishAtPast' });
  });

  it('lists pinned notices first on the portal', async () => {
    const ids: number[] = [];
    for (const title of ['甲', '乙']) {
      const { data } = (await add({ title, category: 'NEWS' })).body;
      await up().call('businessIssueInfo/publish', { id: data.id, version: 1 }, { token: tokens.admin });
      ids.push(data.id);
    }
    const pinned = await up().call('businessIssueInfo/pin', { id: ids[0], version: 2, pinned: true }, { token: tokens.admin });
    expect(pinned.body.data).toMatchObject({ pinned: true, version: 3 });
    const list = await up().call('mobile/public/businessIssueInfo/list', { category: 'NEWS' });
    expect(list.body.data.list.map((n: { id: number }) => n.id).slice(0, 2)).toEqual([ids[0], ids[1]]);
    expect(list.body.data.list[0].pinned).toBe(true);
  });

  it('keeps images in a body only when they were uploaded here, and serves them to the portal once published', async () => {
    const image = await uploadContent(up(), tokens.admin, { bytes: PNG, name: '图.png', type: 'image/png' });
    expect(image.body.data).toMatchObject({ name: '图.png', mime: 'image/png', url: `/api/ueditor-file/file?id=${image.body.data.id}` });
    const pdf = await uploadContent(up(), tokens.admin, { bytes: PDF, name: '附件.pdf' });
    const url = image.body.data.url as string;
    const { data: draft } = (await add({
      body: body(`<p><img src="${url}" alt="图"><img src="https://evil.example/x.png"><img src="/elsewhere.png"></p><p><a href="${pdf.body.data.url}">附件.pdf</a></p>`),
      coverFileId: image.body.data.id,
    })).body;
    expect(draft.body).toContain(`<img src="${url}" alt="图" />`);
    expect(draft.body).not.toContain('evil.example');
    expect(draft.body).not.toContain('elsewhere');
    expect(draft.cover).toMatchObject({ id: image.body.data.id, url });

    expect((await readContent(up(), image.body.data.id)).status).toBe(404);
    expect((await readContent(up(), image.body.data.id, tokens.admin)).status).toBe(200);
    await up().call('businessIssueInfo/publish', { id: draft.id, version: 1 }, { token: tokens.admin });
    const shown = await readContent(up(), image.body.data.id);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect((await readContent(up(), pdf.body.data.id)).status).toBe(200);
    const one = await up().call('mobile/public/businessIssueInfo/get', { id: draft.id });
    expect(one.body.data.coverUrl).toBe(url);
    await up().call('businessIssueInfo/withdraw', { id: draft.id, version: 2 }, { token: tokens.admin });
    expect((await readContent(up(), image.body.data.id)).status).toBe(404);
  });

  it('refuses a body naming a file that was never uploaded, a cover that is not an image, and files that are not images or PDFs', async () => {
    const missing = await add({ body: body('<p><img src="/api/ueditor-file/file?id=999999"></p>') });
    expectFields(missing, { body: 'validation.contentFileMissing' });
    const pdf = await uploadContent(up(), tokens.admin, { bytes: PDF, name: 'a.pdf' });
    expectFields(await add({ coverFileId: pdf.body.data.id }), { coverFileId: 'validation.contentCover' });
    const text = await uploadContent(up(), tokens.admin, { bytes: new TextEncoder().encode('<script>'), name: 'x.png', type: 'image/png' });
    expect(text.status).toBe(422);
    expect(text.body.data.fields).toEqual({ file: 'validation.fileType' });
  });

  it('answers bad input with field messages in the caller\'s language and writes nothing', async () => {
    const before = await countRows(up().db, 'notice');
    const zh = await up().call('businessIssueInfo/add', { title: ' ', category: 'X', body: '<p> </p>' }, { token: tokens.admin });
    expectFields(zh, { title: 'validation.contentTitleRequired', category: 'validation.contentCategory', body: 'validation.contentBodyRequired' });
    const en = await up().call('businessIssueInfo/add', { title: '', category: 'POLICY', body: '<script>x</script>' }, { token: tokens.admin, locale: 'en' });
    expect(en.status).toBe(422);
    expect(en.body.message).toBe('The submitted data is invalid');
    expect(await countRows(up().db, 'notice')).toBe(before);
  });

  it('edits with the version read (a stale one is 409), and deletes only what is not published', async () => {
    const { data: draft } = (await add({ title: '旧标题' })).body;
    const edited = await up().call('businessIssueInfo/update', { id: draft.id, version: 1, title: '新标题', category: 'NEWS', body: body() }, { token: tokens.admin });
    expect(edited.body.data).toMatchObject({ title: '新标题', category: 'NEWS', version: 2 });
    const stale = await up().call('businessIssueInfo/update', { id: draft.id, version: 1, title: '再改', category: 'NEWS', body: body() }, { token: tokens.admin });
    expect(stale.status).toBe(409);
    await up().call('businessIssueInfo/publish', { id: draft.id, version: 2 }, { token: tokens.admin });
    const refused = await up().call('businessIssueInfo/del', { id: draft.id, version: 3 }, { token: tokens.admin });
    expect(refused.status).toBe(409);
    await up().call('businessIssueInfo/withdraw', { id: draft.id, version: 3 }, { token: tokens.admin });
    expect((await up().call('businessIssueInfo/del', { id: draft.id, version: 4 }, { token: tokens.admin })).body.code).toBe(200);
    const audits = await up().db.selectFrom('audit_log').select('action').where('target_type', '=', 'notice').where('target_id', '=', String(draft.id)).orderBy('id').execute();
    expect(audits.map((a) => a.action)).toEqual(['notice.create', 'notice.update', 'notice.publish', 'notice.withdraw', 'notice.delete']);
  });

  it('lists every state for staff, searched', async () => {
    await add({ title: '检索用的草稿' });
    const list = await up().call('businessIssueInfo/getList', { title: '检索用', state: 'DRAFT' }, { token: tokens.admin });
    expect(list.body.data.list).toHaveLength(1);
    expect(list.body.data.list[0]).toMatchObject({ title: '检索用的草稿', state: 'DRAFT' });
  });

  it('refuses every staff call to a user without the page or button, and to no session', async () => {
    const calls: [string, object][] = [
      ['businessIssueInfo/getList', {}], ['businessIssueInfo/add', { title: 'a', category: 'POLICY', body: '<p>a</p>' }],
      ['businessIssueInfo/update', { id: 1, version: 1, title: 'a', category: 'POLICY', body: '<p>a</p>' }], ['businessIssueInfo/del', { id: 1, version: 1 }],
      ['businessIssueInfo/publish', { id: 1, version: 1 }], ['businessIssueInfo/withdraw', { id: 1, version: 1 }],
      ['businessIssueInfo/pin', { id: 1, version: 1, pinned: true }],
    ];
    for (const [path, input] of calls) {
      expect((await up().call(path, input, { token: tokens.renshe })).status, path).toBe(403);
      expect((await up().call(path, input)).status, path).toBe(401);
    }
    expect((await uploadContent(up(), tokens.renshe, { bytes: PNG, name: 'a.png' })).status).toBe(403);
  });
});

describe('the notice screen\'s buttons', () => {
  it('are seeded under the page', async () => {
    const { MENU_ROUTES } = await import('../../lib/contract/menu-routes');
    const page = MENU_ROUTES.flatMap((r) => r.children ?? []).find((r) => r.path === '/information/publish');
    expect(page?.buttons).toEqual(['issueInfo::add', 'issueInfo::edit', 'issueInfo::delete', 'issueInfo::publish', 'issueInfo::withdraw', 'issueInfo::pin']);
  });
});
