/**
 * The pages a user opens most, counted in this browser (localStorage, per user, like the
 * tabs): the entry page offers them as quick links. Nothing leaves the browser.
 */
const MAX_PAGES = 60;

const storageKey = (username: string) => `lbo.pageUse.${username}`;

function read(username: string): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(storageKey(username)) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([path, n]) => path.startsWith('/') && Number.isInteger(n) && (n as number) > 0)) as Record<string, number>;
  } catch {
    return {};
  }
}

/** Counts one opening of a page by the user (the entry page itself is not counted). */
export function recordPageOpen(username: string, path: string) {
  if (path === '/admin/index') return;
  const counts = read(username);
  counts[path] = (counts[path] ?? 0) + 1;
  const kept = Object.entries(counts).sort((a, b) => b[1] - a[1]).slice(0, MAX_PAGES);
  try {
    window.localStorage.setItem(storageKey(username), JSON.stringify(Object.fromEntries(kept)));
  } catch { /* storage unavailable: nothing counted */ }
}

/** The user's most opened pages, most first, with their counts. */
export function mostUsedPages(username: string, limit: number): { path: string; count: number }[] {
  return Object.entries(read(username)).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, limit).map(([path, count]) => ({ path, count }));
}
