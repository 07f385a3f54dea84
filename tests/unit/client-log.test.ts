// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  chunkFailure, clearLog, CHUNK_LOAD_FAILED, CSS_CHUNK_LOAD_FAILED, installErrorLogging, LOG_LIMIT, readLog, setLogIdentity, withLoadTimeout, writeLog,
} from '@/lib/client-log';

describe('front-end log', () => {
  beforeEach(() => { clearLog(); setLogIdentity('bank', 'uuid-1'); window.history.replaceState(null, '', '/bank/bank-first?pageNum=2'); });

  it('writes entries with type info by default, the time as YYYY-MM-DD HH:mm:ss and the user, uuid and page', () => {
    const entry = writeLog('opened');
    expect(entry).toMatchObject({ message: 'opened', type: 'info', meta: { user: 'bank', uuid: 'uuid-1', url: '/bank/bank-first?pageNum=2' } });
    expect(entry.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(readLog()[0]).toEqual(entry);
    expect(JSON.stringify(readLog())).not.toMatch(/token/i);
  });

  it('keeps the newest entries first, at most LOG_LIMIT', () => {
    for (let i = 0; i < LOG_LIMIT + 5; i += 1) writeLog(`entry ${i}`);
    const log = readLog();
    expect(log).toHaveLength(LOG_LIMIT);
    expect(log[0]!.message).toBe(`entry ${LOG_LIMIT + 4}`);
  });

  it('records uncaught errors, rejected promises and failed style and script loads', () => {
    const uninstall = installErrorLogging();
    window.dispatchEvent(new ErrorEvent('error', { message: 'boom', error: new Error('boom') }));
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('ChunkLoadError: Loading chunk 7 failed') }));
    const link = document.createElement('link');
    link.href = 'http://localhost/_next/static/chunks/a.css';
    document.head.appendChild(link);
    link.dispatchEvent(new Event('error'));
    uninstall();
    const [css, chunk, error] = readLog();
    expect(error).toMatchObject({ message: 'boom', type: 'error' });
    expect(chunk).toMatchObject({ type: 'error', meta: { code: CHUNK_LOAD_FAILED } });
    expect(css).toMatchObject({ type: 'error', meta: { code: CSS_CHUNK_LOAD_FAILED } });
  });

  it('says what failed for a blocked inline style, and logs no entry \'undefined\' for a broken image', () => {
    const uninstall = installErrorLogging();
    const image = document.createElement('img');
    image.src = 'http://localhost/no-such-image.png';
    document.body.appendChild(image);
    image.dispatchEvent(new Event('error'));
    const style = document.createElement('style');
    document.head.appendChild(style);
    style.dispatchEvent(new Event('error'));
    window.dispatchEvent(new ErrorEvent('error', {}));
    uninstall();
    const log = readLog();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ message: 'Blocked an inline style (Content-Security-Policy)', type: 'error' });
    expect(log.map((entry) => entry.message)).not.toContain('undefined');
  });
});

describe('chunk failures', () => {
  afterEach(() => vi.useRealTimers());

  it('tells script chunks from style chunks', () => {
    expect(chunkFailure(Object.assign(new Error('Loading chunk 12 failed.'), { name: 'ChunkLoadError' }))).toBe(CHUNK_LOAD_FAILED);
    expect(chunkFailure(new Error('Failed to load chunk /_next/static/chunks/x.css'))).toBe(CSS_CHUNK_LOAD_FAILED);
    expect(chunkFailure(new Error('Loading CSS chunk 3 failed'))).toBe(CSS_CHUNK_LOAD_FAILED);
    expect(chunkFailure(new Error('Cannot read properties of undefined'))).toBeNull();
  });

  it('fails a lazy load that takes longer than the time-out (120 s by default)', async () => {
    vi.useFakeTimers();
    const never = withLoadTimeout(() => new Promise<never>(() => {}));
    const result = never().catch((error: Error) => error);
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    expect(chunkFailure(await result)).toBe(CHUNK_LOAD_FAILED);
    await expect(withLoadTimeout(async () => 'ok', 10)()).resolves.toBe('ok');
  });
});
