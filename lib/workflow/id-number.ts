/**
 * Chinese resident ID numbers (GB 11643-1999): 6 digits of region, 8 of birth date
 * (YYYYMMDD), 3 of sequence (odd for men, even for women) and a check character, and the
 * masks DESIGN.md section 4 shows ID and mobile numbers with. Pure, safe for the browser.
 */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CHARS = '10X98765432';

/** Province-level codes of GB/T 2260 (81 Hong Kong, 82 Macao, 83 Taiwan residence permits). */
const PROVINCES = new Set([
  '11', '12', '13', '14', '15', '21', '22', '23', '31', '32', '33', '34', '35', '36', '37',
  '41', '42', '43', '44', '45', '46', '50', '51', '52', '53', '54', '61', '62', '63', '64', '65',
  '71', '81', '82', '83',
]);

/** The check character of the first 17 digits ('0'-'9' or 'X'). */
export function idCheckDigit(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new RangeError('an ID number check digit needs exactly 17 digits');
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK_CHARS[sum % 11]!;
}

/** The birth date of an ID number as YYYY-MM-DD when it is a real date between 1900 and today, else null. */
export function idBirthDate(id: string, today: Date = new Date()): string | null {
  const match = /^\d{6}(\d{4})(\d{2})(\d{2})/.exec(id);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  const todayUtc = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return real && year >= 1900 && date.getTime() <= todayUtc ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

/**
 * An 18-character ID number with a known province, a real birth date (1900 to today) and
 * the right check character. The check character must be an upper-case X: callers
 * normalise user input before they store it.
 */
export function isValidIdNumber(value: string, today: Date = new Date()): boolean {
  if (!/^\d{17}[\dX]$/.test(value)) return false;
  if (!PROVINCES.has(value.slice(0, 2))) return false;
  if (idBirthDate(value, today) === null) return false;
  return idCheckDigit(value.slice(0, 17)) === value[17];
}

/** MALE for an odd sequence digit (the 17th character), FEMALE for an even one. */
export const idGender = (id: string): 'MALE' | 'FEMALE' => (Number(id[16]) % 2 === 1 ? 'MALE' : 'FEMALE');

/** Keeps `head` leading and `tail` trailing characters; a value too short to keep any is masked whole. */
function maskMiddle(value: string, head: number, tail: number): string {
  if (value.length <= head + tail) return '*'.repeat(value.length);
  return value.slice(0, head) + '*'.repeat(value.length - head - tail) + value.slice(value.length - tail);
}

/** '110101199003071234' -> '110***********1234'. */
export const maskIdNumber = (value: string) => maskMiddle(value, 3, 4);

/** '13812345678' -> '138****5678'. */
export const maskMobile = (value: string) => maskMiddle(value, 3, 4);

/** '张三明' -> '张*明', '欧阳小明' -> '欧**明', '张三' -> '张*': names in published notices. */
export function maskName(value: string): string {
  const chars = [...value.trim()];
  if (chars.length <= 1) return '*'.repeat(chars.length);
  if (chars.length === 2) return `${chars[0]}*`;
  return chars[0] + '*'.repeat(chars.length - 2) + chars[chars.length - 1];
}
