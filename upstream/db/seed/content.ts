import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../schema';

const DAY_MS = 86_400_000;

/** Demo notices, help templates and consultations of the portal (DOMAIN.md section 3), written as the administrator. */
export async function seedContentDemo(trx: Kysely<Database>, adminId: number, now = new Date()) {
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const notices: Omit<Insertable<Database['notice']>, 'created_by' | 'updated_by'>[] = [
    {
      title: '创业担保贷款政策解读', category: 'POLICY', state: 'PUBLISHED', pinned: true, publish_at: ago(10), region_code: '430100',
      body: '<h2>谁可以申请</h2><ul><li><p>城镇登记失业人员、就业困难人员</p></li><li><p>高校毕业生、返乡创业农民工</p></li></ul><h2>额度与期限</h2><p>个人最高 <strong>30 万元</strong>，期限不超过 3 年。</p>',
    },
    {
      title: '关于开展 2026 年创业担保贷款申报工作的通知', category: 'NOTICE', state: 'PUBLISHED', pinned: false, publish_at: ago(3), region_code: null,
      body: '<p>各区县人社部门：</p><p>现将 2026 年创业担保贷款申报工作有关事项通知如下。</p><ol><li><p>申报时间：全年受理。</p></li><li><p>申报方式：线上申请。</p></li></ol>',
    },
    { title: '市创业担保贷款服务中心走访小微企业', category: 'NEWS', state: 'DRAFT', pinned: false, publish_at: null, region_code: '430100', body: '<p>服务中心走访了 12 家小微企业，了解融资需求。</p>' },
  ];
  await trx.insertInto('notice').values(notices.map((n) => ({ ...n, file_ids: [], created_by: adminId, updated_by: adminId, updated_at: now }))).execute();

  const help: [Database['help_info']['category'], string, string][] = [
    ['APPLY', '如何在线申请创业担保贷款', '<ol><li><p>注册并登录服务平台</p></li><li><p>填写申请信息并上传材料</p></li><li><p>等待人社、担保、银行审核</p></li></ol>'],
    ['APPLY', '审核需要多长时间', '<p>各审核环节一般在 <strong>5 个工作日</strong>内完成。</p>'],
    ['MATERIALS', '个人申请材料清单', '<ul><li><p>身份证</p></li><li><p>户口簿</p></li><li><p>营业执照</p></li></ul>'],
    ['FAQ', '贷款利息如何贴息', '<p>符合条件的借款人按规定享受财政贴息。</p>'],
    ['FAQ', '提交后可以修改吗', '<p>被退回补充材料时可以修改后重新提交。</p>'],
  ];
  await trx.insertInto('help_info').values(help.map(([category, title, body], i) => ({
    category, title, body, file_ids: [], sort: help.slice(0, i).filter(([c]) => c === category).length + 1, updated_at: now,
  }))).execute();

  const asks: Omit<Insertable<Database['consult']>, 'client_ip'>[] = [
    { name: '王芳', mobile: '13700000001', category: 'POLICY', content: '返乡创业的农民工可以申请吗？需要什么条件？', created_at: ago(6) },
    { name: '刘强', mobile: '13700000002', category: 'APPLY', content: '我的申请已经提交一周了，怎么查看审核进度？', created_at: ago(1) },
    { name: '陈静', mobile: '13700000003', category: 'SUGGESTION', content: '建议在手机上也能上传材料。', created_at: ago(0.1) },
  ];
  await trx.insertInto('consult').values(asks.map((c) => ({ ...c, client_ip: '203.0.113.10', updated_at: c.created_at }))).execute();
}
