import { z } from './zod';
import { id, longText, pageInput, requiredLine, textFilter } from './fields';
import { count, timestamp } from './output';
import { version } from './role';
import { AGREEMENT_KINDS } from '../workflow/agreement';

/**
 * Agreement templates (businessModelAgreement, 协议模板配置): per product code, the four
 * documents a borrower signs, with {{placeholders}}. Each save is a new version; reSign
 * records the versions signed.
 */
const BODY_MAX = 20_000;
const STATES = ['ENABLED', 'DISABLED'] as const;
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const kind = z.enum(AGREEMENT_KINDS, { error: 'validation.agreementKind' });
const state = z.enum(STATES, { error: 'validation.state' });
const productCode = requiredLine(32, 'validation.productCode');

export const agreementListInput = pageInput.extend({
  productCode: textFilter(32),
  kind: z.preprocess(blankToUndefined, kind.optional()),
  state: z.preprocess(blankToUndefined, state.optional()),
});

const editable = {
  title: requiredLine(100, 'validation.agreementTitle'),
  body: longText(BODY_MAX).pipe(z.string().min(1, 'validation.agreementBody')),
  state: state.default('ENABLED'),
};
export const agreementAddInput = z.object({ productCode, kind, ...editable });
export const agreementUpdateInput = z.object({ id, version, ...editable });
export const agreementDeleteInput = z.object({ id, version });

/** businessModelAgreement/preview: a template filled from an application (ID numbers masked without the reveal permission). */
export const agreementPreviewInput = z.object({ id, applicationId: id });

export const agreementRow = z.object({
  id: count,
  productCode: z.string(),
  kind,
  title: z.string(),
  body: z.string(),
  state,
  /** Signings that recorded one of its versions: while there are any it is disabled, not deleted. */
  signedCount: count,
  version: count,
  updateTime: timestamp,
});
export type AgreementRow = z.infer<typeof agreementRow>;

export const agreementPreview = z.object({
  title: z.string(),
  /** The filled text, one paragraph a line. */
  body: z.string(),
  version: count,
  kind,
  applicationNumber: z.string(),
});
export type AgreementPreview = z.infer<typeof agreementPreview>;

/** An application a preview may be filled from: found by its number or the proposer's name. */
export const agreementApplicationsInput = z.object({ keyword: textFilter(64) });
export const agreementApplication = z.object({ id: count, number: z.string(), name: z.string(), productCode: z.string().nullable() });
