import { z } from './zod';
import { id, line, pageInput, requiredLine, textFilter } from './fields';
import { count, timestamp } from './output';
import { version } from './role';
import { mobile } from './validation';
import { SMS_SCENES } from '../workflow/sms';

/**
 * SMS templates (noteTemplate, DOMAIN.md section 2): one enabled template per scene renders
 * every message of the scene; the outbox is the record of what was sent.
 */
const SIGNATURE_MAX = 16;
const CONTENT_MAX = 500;
const STATES = ['ENABLED', 'DISABLED'] as const;
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const scene = z.enum(SMS_SCENES, { error: 'validation.smsScene' });
const state = z.enum(STATES, { error: 'validation.state' });

export const smsTemplateListInput = pageInput.extend({
  scene: z.preprocess(blankToUndefined, scene.optional()),
  state: z.preprocess(blankToUndefined, state.optional()),
  content: textFilter(CONTENT_MAX),
});

const editable = {
  signature: requiredLine(SIGNATURE_MAX, 'validation.smsSignature'),
  content: requiredLine(CONTENT_MAX, 'validation.smsContent'),
  state: state.default('ENABLED'),
};

/** noteTemplate/add: enabling it disables the scene's enabled template (one per scene). */
export const smsTemplateAddInput = z.object({ scene, ...editable });
/** noteTemplate/update: signature, content and state (the scene stays). */
export const smsTemplateUpdateInput = z.object({ id, version, ...editable });
export const smsTemplateDeleteInput = z.object({ id, version });
/** noteTemplate/testSend: renders the template with sample values into the outbox for a mobile. */
export const smsTestSendInput = z.object({ id, mobile });

export const smsTemplateRow = z.object({
  id: count,
  scene,
  signature: z.string(),
  content: z.string(),
  state,
  /** Messages rendered from the template: while there are any it is disabled, not deleted. */
  sentCount: count,
  version: count,
  updateTime: timestamp,
});
export type SmsTemplateRow = z.infer<typeof smsTemplateRow>;

export const smsTestSendResult = z.object({ sent: z.boolean(), content: z.string() });

export const smsOutboxListInput = pageInput.extend({
  mobile: textFilter(11),
  template: z.preprocess(blankToUndefined, line(64).optional()),
});

export const smsOutboxRow = z.object({
  id: count,
  /** Masked. */
  mobile: z.string(),
  template: z.string(),
  /** The rendered text; null for a scene whose text carries a code or a password. */
  content: z.string().nullable(),
  templateVersion: count.nullable(),
  createTime: timestamp,
});
export type SmsOutboxRow = z.infer<typeof smsOutboxRow>;
