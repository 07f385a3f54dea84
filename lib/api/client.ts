import type { Envelope } from '../contract/common';
import type { CallInput, CallOutput, CallPath } from '../contract/calls';
import { fileNameOf, isJsonType } from '../http/file-name';

/** A rejected call: the envelope code, the text already shown (from the catalogue) and the data (422 field keys). */
export class ApiError extends Error {
  constructor(readonly code: number, message: string, readonly data: unknown = null) {
    super(message);
  }
  /** Field -> message key of a 422 answer. */
  get fields(): Record<string, string> {
    const fields = (this.data as { fields?: Record<string, string> } | null)?.fields;
    return fields && typeof fields === 'object' ? fields : {};
  }
}

export type Notice = { text: string } | { key: 'system' };
type Notifier = (notice: Notice) => void;
let notifier: Notifier = () => {};

/** The shell registers how errors are shown (antd message in the current language). */
export function setNotifier(fn: Notifier) {
  notifier = fn;
}

export interface ApiOptions {
  method?: 'GET' | 'POST';
  /** Do not show the error; the caller does (e.g. the message poll shows its own text). */
  silent?: boolean;
  signal?: AbortSignal;
  /** Sees the raw response (headers) before its body is read. */
  onResponse?: (response: Response) => void;
}

/** Where a timed-out session goes: the login page, which says 'login timed out!' and returns here after. */
export function loginUrlAfterTimeout(location: { pathname: string; search: string }) {
  const back = `${location.pathname}${location.search}`;
  return `/login?timeout=1${back.startsWith('/login') ? '' : `&redirect=${encodeURIComponent(back)}`}`;
}

/**
 * Calls the BFF by a path of the call table, with its input and output types inferred from
 * it (lib/contract/calls; only types are imported, so no schema code reaches the browser).
 * Resolves with `data` on code 200. Otherwise shows the catalogue text the BFF sent (unless
 * silent) and rejects with ApiError; a 401 goes to the login page.
 */
export async function api<P extends CallPath>(path: P, body: CallInput<P>, options: ApiOptions = {}): Promise<CallOutput<P>> {
  return (await apiCall(path, body, options)).data;
}

/** As api(), resolving with the whole answer: `data` and the server's (translated) `message`. */
export async function apiCall<P extends CallPath>(path: P, body: CallInput<P>, options: ApiOptions = {}): Promise<{ data: CallOutput<P>; message: string }> {
  return callPath(path, body, options) as Promise<{ data: CallOutput<P>; message: string }>;
}

/** A call whose path a screen spec names at run time (the generic engine): the same, with the answer untyped. */
export async function callPath(path: CallPath, body: unknown, options: ApiOptions = {}): Promise<{ data: unknown; message: string }> {
  const method = options.method ?? 'POST';
  let url = `/api/${path}`;
  if (method === 'GET' && body && Object.keys(body).length) {
    url += `?${new URLSearchParams(Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, String(v)]))}`;
  }
  return send(url, {
    method,
    headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
    body: method === 'POST' ? JSON.stringify(body) : undefined,
  }, options);
}

/** Uploads a form (multipart/form-data, e.g. a file with its fields); answers as apiCall. */
export async function apiUpload<P extends CallPath>(path: P, form: FormData, options: Omit<ApiOptions, 'method'> = {}): Promise<{ data: CallOutput<P>; message: string }> {
  return send(`/api/${path}`, { method: 'POST', body: form }, options) as Promise<{ data: CallOutput<P>; message: string }>;
}

async function send(url: string, init: RequestInit, options: ApiOptions): Promise<{ data: unknown; message: string }> {
  let envelope: Envelope;
  try {
    const response = await fetch(url, { ...init, credentials: 'same-origin', signal: options.signal });
    options.onResponse?.(response);
    envelope = await readEnvelope(response);
  } catch (error) {
    throw failed(error, options);
  }
  return settle(envelope, options);
}

async function readEnvelope(response: Response): Promise<Envelope> {
  const envelope = (await response.json()) as Envelope;
  if (typeof envelope?.code !== 'number') throw new Error('not an envelope');
  return envelope;
}

/** No usable answer: the system error (unless silent); an abort stays an abort. */
function failed(error: unknown, options: { silent?: boolean }) {
  if ((error as Error)?.name === 'AbortError') return error;
  if (!options.silent) notifier({ key: 'system' });
  return new ApiError(500, 'system');
}

/** An envelope: its data on code 200; else the catalogue text shown (a 401 goes to the login page) and an ApiError. */
function settle(envelope: Envelope, options: { silent?: boolean }): { data: unknown; message: string } {
  if (envelope.code === 200) return { data: envelope.data, message: envelope.message };
  if (envelope.code === 401 && typeof window !== 'undefined') {
    window.location.assign(loginUrlAfterTimeout(window.location));
  } else if (!options.silent) {
    notifier({ text: envelope.message });
  }
  throw new ApiError(envelope.code, envelope.message, envelope.data);
}

export interface DownloadOptions {
  silent?: boolean;
  signal?: AbortSignal;
  /** Where the file goes (default: the browser saves it under its name). */
  save?: (file: Blob, name: string) => void;
}

/** Saves a blob under a name through a temporary link. */
function saveFile(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Calls the BFF for a file (an export) and saves it under the name the service gave it;
 * resolves with that name. An error answer is an envelope, shown like any other call's.
 */
export async function download(path: CallPath, body: unknown = {}, options: DownloadOptions = {}): Promise<string> {
  let response: Response;
  try {
    // A form (a file sent for a report on it) goes as multipart; anything else as JSON.
    const form = body instanceof FormData;
    response = await fetch(`/api/${path}`, {
      method: 'POST', headers: form ? {} : { 'content-type': 'application/json' }, body: form ? body : JSON.stringify(body), credentials: 'same-origin', signal: options.signal,
    });
    const type = response.headers.get('content-type') ?? '';
    if (response.ok && type && !isJsonType(type)) {
      const name = fileNameOf(response.headers.get('content-disposition'));
      (options.save ?? saveFile)(await response.blob(), name);
      return name;
    }
    const envelope = await readEnvelope(response);
    settle(envelope, options);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw failed(error, options);
  }
  // A success without a file: not what was asked for.
  throw failed(new Error('no file'), options);
}
