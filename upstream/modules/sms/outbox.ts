import { defineCall } from '../../core/call';
import { audit } from '../../core/audit';
import { notFound } from '../../core/errors';
import { countUpTo, pageWindow, totalsOf } from '../../core/resource/list';
import { containsPattern } from '../../core/like';
import { maskMobile } from '../../../lib/workflow/id-number';
import { renderSms, SECRET_SCENES, type SmsScene } from '../../../lib/workflow/sms';
import { chinaToday } from '../../core/china-time';

/** The values a test send fills a template with. */
const sampleValues = (now: Date): Record<string, string | number> => ({
  code: '123456', minutes: 5, password: 'Test@1234', name: '张三', number: 'CD202600000001',
  reason: '经营项目不符合政策要求', amount: '200,000.00', date: chinaToday(now), title: '创业担保贷款申请条件',
});

export const smsOutboxCalls = [
  defineCall({
    path: 'noteTemplate/testSend',
    async handler(ctx, input) {
      return ctx.db.transaction().execute(async (trx) => {
        const template = await trx.selectFrom('sms_template').select(['id', 'scene', 'signature', 'content', 'version'])
          .where('id', '=', input.id).executeTakeFirst();
        if (!template) throw notFound('smsTemplate');
        const content = renderSms(template.signature, template.content, sampleValues(ctx.now));
        const row = await trx.insertInto('sms_outbox').values({
          mobile: input.mobile, template: template.scene, content, client_ip: ctx.clientIp,
          template_id: template.id, template_version: template.version, created_at: ctx.now,
        }).returning('id').executeTakeFirstOrThrow();
        await audit(trx, ctx.user, 'smsTemplate.testSend', { type: 'smsTemplate', id: template.id },
          { outboxId: row.id, mobile: maskMobile(input.mobile), version: template.version });
        return { sent: true, content };
      });
    },
  }),
  defineCall({
    path: 'noteTemplate/outbox',
    async handler(ctx, input) {
      let base = ctx.db.selectFrom('sms_outbox');
      if (input.mobile) base = base.where('mobile', 'like', containsPattern(input.mobile));
      if (input.template) base = base.where('template', '=', input.template);
      const { limit, offset } = pageWindow(input);
      const [counted, rows] = await Promise.all([
        countUpTo(ctx.db, base as never),
        base.select(['id', 'mobile', 'template', 'content', 'template_version', 'created_at']).orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      ]);
      return {
        list: rows.map((r) => ({
          id: r.id, mobile: maskMobile(r.mobile), template: r.template, templateVersion: r.template_version,
          content: SECRET_SCENES.includes(r.template as SmsScene) ? null : r.content, createTime: new Date(r.created_at).toISOString(),
        })),
        ...totalsOf(counted, input.pageSize),
      };
    },
  }),
];
