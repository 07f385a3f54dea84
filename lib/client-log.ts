import { formatChinaTime } from './china-time';
import { chunkFailure, CHUNK_LOAD_FAILED, CSS_CHUNK_LOAD_FAILED } from './chunk-failure';

/** One entry of the front-end log (SPEC.md section 3): never holds the token. */
export interface LogEntry {
  message: string;
  type: 'info' | 'warning' | 'error';
  /** YYYY-MM-DD HH:mm:ss */
  time: string;
  meta: { user: string | null; uuid: string | null; url: string; code?: string };
}

const LOG_STORAGE_KEY = 'lbo.log';
export const LOG_LIMIT = 200;
export { chunkFailure, CHUNK_LOAD_FAILED, CSS_CHUNK_LOAD_FAILED } from './chunk-failure';

let identity: { user: string | null; uuid: string | null } = { user: null, uuid: null };
const listeners = new Set<() => void>();

/** Who the entries are about (set by the shell once the user is known). */
export function setLogIdentity(user: string | null, uuid: string | null) {
  identity = { user, uuid };
}

export function readLog(): LogEntry[] {
  try {
    const value = JSON.parse(window.localStorage.getItem(LOG_STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? (value as LogEntry[]) : [];
  } catch {
    return [];
  }
}

export function writeLog(message: string, type: LogEntry['type'] = 'info', code?: string): LogEntry {
  const entry: LogEntry = {
    message: message.slice(0, 2000),
    type,
    time: formatChinaTime(new Date()),
    meta: { ...identity, url: typeof window === 'undefined' ? '' : window.location.pathname + window.location.search, ...(code ? { code } : {}) },
  };
  try {
    window.localStorage.setItem(LOG_STORAGE_KEY, JSON.stringify([entry, ...readLog()].slice(0, LOG_LIMIT)));
  } catch { /* storage full or unavailable: the entry is still returned */ }
  listeners.forEach((listener) => { listener(); });
  return entry;
}

export function clearLog() {
  window.localStorage.removeItem(LOG_STORAGE_KEY);
  listeners.forEach((listener) => { listener(); });
}

export function subscribeLog(listener: () => void) {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}

/** SPEC.md section 9: a lazy page chunk that has not loaded after this long has failed. */
const LAZY_LOAD_TIMEOUT_MS = 120_000;

/** Wraps a lazy import so that it fails (and is logged) after LAZY_LOAD_TIMEOUT_MS. */
export function withLoadTimeout<T>(load: () => Promise<T>, ms = LAZY_LOAD_TIMEOUT_MS): () => Promise<T> {
  return () => new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`ChunkLoadError: Loading chunk timed out after ${ms} ms`)), ms);
    load().then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** What a window 'error' event is worth logging as; null when nothing is. */
function describeErrorEvent(event: ErrorEvent): { message: string; type: LogEntry['type']; code?: string } | null {
  const target = event.target;
  if (typeof Element !== 'undefined' && target instanceof Element) {
    // A load failure of an element (capture phase): it carries no message and no error.
    if (target instanceof HTMLLinkElement) return { message: `Failed to load ${target.href}`, type: 'error', code: CSS_CHUNK_LOAD_FAILED };
    if (target instanceof HTMLScriptElement) return { message: `Failed to load ${target.src}`, type: 'error', code: CHUNK_LOAD_FAILED };
    // An inline style the Content-Security-Policy refused: the page lacks some of its styles until reloaded.
    if (target instanceof HTMLStyleElement) return { message: 'Blocked an inline style (Content-Security-Policy)', type: 'error' };
    // A broken image or other media: the page shows its placeholder; nothing to act on here.
    return null;
  }
  const message = event.message || (event.error instanceof Error ? event.error.message : event.error == null ? '' : String(event.error));
  if (!message) return null;
  return { message, type: 'error', code: chunkFailure(event.error) ?? undefined };
}

/** Records uncaught errors, failed loads of code and styles, and rejected promises of the page. Returns the uninstaller. */
export function installErrorLogging(): () => void {
  const onError = (event: ErrorEvent) => {
    const entry = describeErrorEvent(event);
    if (entry) writeLog(entry.message, entry.type, entry.code);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason = event.reason instanceof Error ? event.reason.message : String(event.reason);
    writeLog(reason, 'error', chunkFailure(event.reason) ?? undefined);
  };
  window.addEventListener('error', onError, true);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError, true);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
