/**
 * Agreement templates (DOMAIN.md section 2): the four documents a borrower signs, their
 * {{placeholders}} and how a template is filled from an application. Plain functions, safe
 * for the browser.
 */
export const AGREEMENT_KINDS = ['LOAN_CONTRACT', 'GUARANTEE_CONTRACT', 'ENTRUSTED_GUARANTEE', 'COUNTER_GUARANTEE'] as const;
export type AgreementKind = (typeof AGREEMENT_KINDS)[number];

/** The placeholders a template may use. */
const PLACEHOLDERS = [
  'proposer.name', 'proposer.idNumber', 'number', 'amount', 'amountInWords', 'termMonths', 'rate', 'bank', 'guaranteeCompany', 'date',
] as const;
type Placeholder = (typeof PLACEHOLDERS)[number];

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders a text uses, each once, in order of appearance. */
export function placeholdersOf(body: string): string[] {
  return [...new Set([...body.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/** The placeholders a text uses that no application fills. */
export const unknownPlaceholders = (body: string) => placeholdersOf(body).filter((name) => !(PLACEHOLDERS as readonly string[]).includes(name));

/** A text with its placeholders filled; one without a value is left as written. */
export function fillTemplate(body: string, values: Readonly<Partial<Record<Placeholder, string>>>): string {
  return body.replace(PLACEHOLDER, (whole, name: string) => values[name as Placeholder] ?? whole);
}

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const UNITS = ['', '拾', '佰', '仟'];
const GROUPS = ['', '万', '亿', '万亿'];

/** A whole number of yuan in capital numerals, without the 元 (empty for 0). */
function integerWords(n: number): string {
  const text = String(n);
  let out = '';
  let zero = false;
  for (let i = 0; i < text.length; i++) {
    const digit = Number(text[i]);
    const place = text.length - 1 - i;
    if (digit === 0) zero = true;
    else {
      if (zero && out) out += '零';
      zero = false;
      out += DIGITS[digit]! + UNITS[place % 4]!;
    }
    // At the end of a group of four: its unit, when the group holds a digit.
    if (place % 4 === 0 && place > 0 && /[1-9]/.test(text.slice(Math.max(0, i - 3), i + 1))) out += GROUPS[place / 4]!;
  }
  return out;
}

/**
 * An amount in yuan as written on a contract (大写金额): 200000 is 贰拾万元整, 100000.5 is
 * 壹拾万元零伍角, 0.05 is 伍分, 0 is 零元整. Rounded to the fen; negative amounts are not amounts.
 */
export function amountInWords(amount: number): string {
  if (!Number.isFinite(amount) || amount < 0) throw new RangeError('amountInWords: not an amount');
  const fen = Math.round(amount * 100);
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  if (fen === 0) return '零元整';
  let out = yuan > 0 ? `${integerWords(yuan)}元` : '';
  if (jiao === 0 && cents === 0) return `${out}整`;
  // A zero in the yuan's last place (or no jiao) before what follows is written 零.
  if (yuan > 0 && (yuan % 10 === 0 || jiao === 0)) out += '零';
  if (jiao > 0) out += `${DIGITS[jiao]}角`;
  if (cents > 0) out += `${DIGITS[cents]}分`;
  return out;
}
