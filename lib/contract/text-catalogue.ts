/**
 * Message catalogues as plain trees of texts, for every side: the UI, the BFF and the service
 * each merge their own catalogue with the texts they share (lib/contract/texts/*.json).
 */
export type Tree = { [key: string]: string | Tree };

/** Looks a dotted key up in a messages tree, filling `{name}` placeholders. */
export function lookup(tree: Tree, key: string, params: Record<string, string | number> = {}): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') return undefined;
  return node.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
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
