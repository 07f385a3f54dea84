// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${name} is the SMS templates' variable syntax
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The seeded template of every SMS scene (signature and content with ${variables}). */
const SMS_TEMPLATES: { scene: string; content: string }[] = [
  { scene: 'LOGIN_CODE', content: '您的登录验证码为 ${code}，${minutes} 分钟内有效，请勿泄露。' },
  { scene: 'REGISTER_CODE', content: '您的注册验证码为 ${code}，${minutes} 分钟内有效，请勿泄露。' },
  { scene: 'RESET_PASSWORD', content: '您的登录密码已重置为 ${password}，请登录后尽快修改。' },
  { scene: 'REFUSED', content: '${name}您好，您的创业担保贷款申请 ${number} 未获通过：${reason}' },
  { scene: 'APPROVED', content: '${name}您好，您的创业担保贷款申请 ${number} 已审批通过，金额 ${amount} 元，请留意银行放款通知。' },
  { scene: 'LOANED', content: '${name}您好，您的创业担保贷款 ${amount} 元已于 ${date} 发放，申请编号 ${number}。' },
  { scene: 'OVERDUE_REMIND', content: '${name}您好，您的创业担保贷款 ${number} 有 ${amount} 元已于 ${date} 到期未还，请尽快还款。' },
  { scene: 'CONSULT_ANSWERED', content: '尊敬的${name}，您提交的第 ${number} 号咨询已回复，请登录服务平台查看。' },
];

/** The guarantee methods (DOMAIN.md section 2) under the application's codes. */
const GUARANTEE_METHODS = [
  { code: 'HOUSE', zh: '房产抵押', en: 'House mortgage', max: 4_000_000, docs: ['PROPERTY_CERT', 'VALUATION_REPORT'], guarantors: null, sort: 1 },
  { code: 'GUARANTOR', zh: '保证人担保', en: 'Guarantor', max: 1_100_000, docs: ['GUARANTOR_ID', 'GUARANTOR_INCOME'], guarantors: 1, sort: 2 },
  { code: 'CREDIT', zh: '免担保信用', en: 'Credit-exempt', max: 300_000, docs: ['CREDIT_REPORT'], guarantors: null, sort: 3 },
];

/** The four documents a borrower signs, seeded for every product with the placeholders they fill. */
const AGREEMENTS: { kind: string; title: string; body: string }[] = [
  { kind: 'LOAN_CONTRACT', title: '借款合同', body: [
    '借款人：{{proposer.name}}（身份证号：{{proposer.idNumber}}）',
    '贷款人：{{bank}}',
    '第一条 借款金额：人民币 {{amountInWords}}（小写：¥{{amount}}）。',
    '第二条 借款期限：{{termMonths}} 个月，自贷款发放之日起计算。',
    '第三条 借款利率：年利率 {{rate}}，按国家创业担保贷款政策享受财政贴息。',
    '第四条 本借款由 {{guaranteeCompany}} 提供担保。',
    '借款人（签字）：　　　　　　　贷款人（盖章）：',
    '签订日期：{{date}}',
  ].join('\n') },
  { kind: 'GUARANTEE_CONTRACT', title: '担保合同', body: [
    '债权人：{{bank}}',
    '保证人：{{guaranteeCompany}}',
    '鉴于债权人与债务人 {{proposer.name}}（身份证号：{{proposer.idNumber}}）签订借款合同，借款金额人民币 {{amountInWords}}（¥{{amount}}），期限 {{termMonths}} 个月，保证人愿意为该债务提供连带责任保证。',
    '保证期间为主债务履行期届满之日起两年。',
    '债权人（盖章）：　　　　　　　保证人（盖章）：',
    '签订日期：{{date}}',
  ].join('\n') },
  { kind: 'ENTRUSTED_GUARANTEE', title: '委托担保协议', body: [
    '委托人：{{proposer.name}}（身份证号：{{proposer.idNumber}}）',
    '受托人：{{guaranteeCompany}}',
    '委托人因向 {{bank}} 申请创业担保贷款人民币 {{amountInWords}}（¥{{amount}}），期限 {{termMonths}} 个月，委托受托人提供担保。',
    '委托人承诺按期归还贷款本息；受托人代偿后，有权向委托人追偿。',
    '委托人（签字）：　　　　　　　受托人（盖章）：',
    '签订日期：{{date}}',
  ].join('\n') },
  { kind: 'COUNTER_GUARANTEE', title: '反担保合同', body: [
    '反担保人：{{proposer.name}}（身份证号：{{proposer.idNumber}}）',
    '担保人：{{guaranteeCompany}}',
    '为保障担保人为借款人向 {{bank}} 借款人民币 {{amountInWords}}（¥{{amount}}）提供的担保，反担保人自愿向担保人提供反担保。',
    '反担保范围包括担保人代偿的全部款项及实现债权的费用。',
    '反担保人（签字）：　　　　　　担保人（盖章）：',
    '签订日期：{{date}}',
  ].join('\n') },
];
const PRODUCT_CODES = ['PERSON-STD', 'PARTNER-STD', 'COMPANY-STD'];

const audited = (table: ReturnType<Kysely<any>['schema']['createTable']>) => table
  .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
  .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
  .addColumn('created_by', 'integer', (c) => c.references('app_user.id'))
  .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
  .addColumn('updated_by', 'integer', (c) => c.references('app_user.id'));

/**
 * 0013: SMS templates behind every message (the outbox keeps the template and version each
 * message was rendered from), the guarantee methods, the LPR the products' rate rule adds
 * its margin to, and the agreement templates of every product with their versions.
 */
export const products: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('sms_template')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('scene', 'varchar(32)', (c) => c.notNull())
      .addColumn('signature', 'varchar(16)', (c) => c.notNull())
      .addColumn('content', 'varchar(500)', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('ENABLED').check(sql`state in ('ENABLED','DISABLED')`))
      .$call(audited)
      .execute();
    await sql`create unique index sms_template_scene_enabled_uq on sms_template (scene) where state = 'ENABLED'`.execute(db);
    await db.insertInto('sms_template').values(SMS_TEMPLATES.map((t) => ({ scene: t.scene, signature: '创业担保贷款', content: t.content }))).execute();
    await db.schema.alterTable('sms_outbox').addColumn('template_id', 'integer', (c) => c.references('sms_template.id')).execute();
    await db.schema.alterTable('sms_outbox').addColumn('template_version', 'integer').execute();
    await db.schema.createIndex('sms_outbox_template_idx').on('sms_outbox').column('template_id').execute();

    await db.schema.createTable('guarantee_method')
      .addColumn('code', 'varchar(16)', (c) => c.primaryKey().check(sql`code in ('HOUSE','GUARANTOR','CREDIT')`))
      .addColumn('name_zh', 'varchar(32)', (c) => c.notNull())
      .addColumn('name_en', 'varchar(64)', (c) => c.notNull())
      .addColumn('max_amount', 'numeric(12, 2)', (c) => c.notNull())
      .addColumn('required_docs', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      // GUARANTOR: how many guarantors an application names at least.
      .addColumn('guarantor_count', 'integer')
      // CREDIT: open to whitelisted proposers, and to members of client groups marked credit-exempt.
      .addColumn('allow_whitelisted', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('allow_exempt_groups', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('ENABLED').check(sql`state in ('ENABLED','DISABLED')`))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .$call(audited)
      .execute();
    await db.insertInto('guarantee_method').values(GUARANTEE_METHODS.map((g) => ({
      code: g.code, name_zh: g.zh, name_en: g.en, max_amount: g.max, required_docs: JSON.stringify(g.docs), guarantor_count: g.guarantors,
      allow_whitelisted: g.code === 'CREDIT', allow_exempt_groups: g.code === 'CREDIT', sort: g.sort,
    }))).execute();

    await db.schema.createTable('agreement_template')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      // The product's code: the templates serve every revision of it.
      .addColumn('product_code', 'varchar(32)', (c) => c.notNull())
      .addColumn('kind', 'varchar(32)', (c) => c.notNull().check(sql`kind in ('LOAN_CONTRACT','GUARANTEE_CONTRACT','ENTRUSTED_GUARANTEE','COUNTER_GUARANTEE')`))
      .addColumn('title', 'varchar(100)', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('ENABLED').check(sql`state in ('ENABLED','DISABLED')`))
      .$call(audited)
      .execute();
    await sql`create unique index agreement_template_kind_uq on agreement_template (product_code, kind)`.execute(db);
    // The text of every version that was signed, so a signed version can be shown as it was.
    await db.schema.createTable('agreement_template_version')
      .addColumn('template_id', 'integer', (c) => c.notNull().references('agreement_template.id').onDelete('cascade'))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('title', 'varchar(100)', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('agreement_template_version_pk', ['template_id', 'version'])
      .execute();
    await db.insertInto('agreement_template').values(PRODUCT_CODES.flatMap((code) => AGREEMENTS.map((a) => ({
      product_code: code, kind: a.kind, title: a.title, body: a.body,
    })))).execute();
    // The agreement versions signed at the last signing (reSign): [{ kind, templateId, version, title }].
    await db.schema.alterTable('application').addColumn('signed_agreements', 'jsonb').execute();

    await db.insertInto('system_param')
      .values({ key: 'loan.lpr', value: '0.0300', description: 'One-year loan prime rate (a fraction: 0.0300 is 3.00%)', updated_at: new Date() })
      .onConflict((oc) => oc.column('key').doNothing()).execute();
  },
};
