/**
 * Message catalogues as plain trees of texts, for every side: the UI, the BFF and the service
 * each merge their own catalogue with the texts they share (lib/contract/texts/*.json).
 */
export type Tree = { [key: string]: string | Tree };

/** Looks a dotted key up in a messages tree, filling `{name}` placeholders and ICU plurals. */
export function lookup(tree: Tree, key: string, params: Record<string, string | number> = {}): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') return undefined;
  return fill(node, params);
}

/** The index of the brace closing the one at `open`. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return text.length;
}

/**
 * Fills a text's `{name}` placeholders and its plurals, `{count, plural, =0 {…} one {…} other {# …}}`
 * (the subset of ICU the catalogues use: `one` is 1, as in English; Chinese texts give `other` only).
 */
function fill(text: string, params: Record<string, string | number>, hash?: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (char === '#' && hash !== undefined) { out += hash; continue; }
    if (char !== '{') { out += char; continue; }
    const end = closing(text, i);
    const body = text.slice(i + 1, end);
    const plural = /^\s*(\w+)\s*,\s*plural\s*,/.exec(body);
    if (!plural) {
      const name = body.trim();
      out += /^\w+$/.test(name) && name in params ? String(params[name]) : `{${body}}`;
    } else {
      const value = Number(params[plural[1]!]);
      const options = new Map<string, string>();
      const rest = body.slice(plural[0].length);
      for (let j = 0; j < rest.length;) {
        const selector = /^\s*(=\d+|\w+)\s*\{/.exec(rest.slice(j));
        if (!selector) break;
        const open = j + selector[0].length - 1;
        const close = closing(rest, open);
        options.set(selector[1]!, rest.slice(open + 1, close));
        j = close + 1;
      }
      const chosen = options.get(`=${value}`) ?? (value === 1 ? options.get('one') : undefined) ?? options.get('other') ?? '';
      out += fill(chosen, params, String(params[plural[1]!] ?? ''));
    }
    i = end;
  }
  return out;
}

/** One catalogue of two that hold no key in common (a text has one source). */
export function mergeTexts<A extends object, B extends object>(a: A, b: B): A & B {
  const out: Tree = { ...(a as Tree) };
  for (const [key, value] of Object.entries(b as Tree)) {
    const mine = out[key];
    out[key] = typeof mine === 'object' && typeof value === 'object' ? mergeTexts(mine, value) : value;
  }
  return out as A & B;
}
