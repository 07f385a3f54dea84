import { MENU_PAGES } from './routes';

/**
 * The pages a session may open, kept small in its cookie: one bit per page of the product's
 * menu (in the order of the sorted page list), prefixed with a fingerprint of that list. A
 * build whose page list differs cannot read the bits: the session then holds no menu page
 * until its menu is read again (the shell does on load, the poll on a version change).
 */
const PAGES = [...MENU_PAGES].sort();
const INDEX = new Map(PAGES.map((path, i) => [path, i]));

/** FNV-1a over the page list: changes when a page is added, removed or renamed. */
function fingerprintOf(list: readonly string[]): string {
  let hash = 0x811c9dc5;
  for (const char of list.join('\n')) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

export const PAGES_FINGERPRINT = fingerprintOf(PAGES);

/** The allowed paths as `<fingerprint>.<base64url bits>`; paths that are no menu page of this build are left out (the guard answers 404 for them anyway). */
export function encodePages(paths: readonly string[]): string {
  const bits = new Uint8Array(Math.ceil(PAGES.length / 8));
  for (const path of paths) {
    const i = INDEX.get(path);
    if (i !== undefined) bits[i >> 3]! |= 1 << (i & 7);
  }
  return `${PAGES_FINGERPRINT}.${Buffer.from(bits).toString('base64url')}`;
}

/** The paths an encoding names; null when it was written for another page list or is malformed. */
export function decodePages(encoded: string): string[] | null {
  const dot = encoded.indexOf('.');
  if (dot < 0 || encoded.slice(0, dot) !== PAGES_FINGERPRINT) return null;
  const bits = Buffer.from(encoded.slice(dot + 1), 'base64url');
  if (bits.length !== Math.ceil(PAGES.length / 8)) return null;
  return PAGES.filter((_, i) => (bits[i >> 3]! & (1 << (i & 7))) !== 0);
}
