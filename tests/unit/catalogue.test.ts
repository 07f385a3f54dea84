import { describe, expect, it } from 'vitest';
import { applyCatalogue } from '@/lib/api/catalogue';
import { translate } from '@/lib/i18n';

const envelope = (code: number, message = 'server says', data: unknown = null) => ({ code, message, data });

describe('error catalogue (SPEC.md section 8)', () => {
  it('passes a success through with its data', () => {
    expect(applyCatalogue({ kind: 'response', status: 200, body: envelope(200, 'ok', { a: 1 }) }))
      .toEqual({ code: 200, key: null, data: { a: 1 } });
  });
  it('body code 404 or HTTP 404 -> not found', () => {
    expect(applyCatalogue({ kind: 'response', status: 200, body: envelope(404) }).key).toBe('notFound');
    expect(applyCatalogue({ kind: 'response', status: 404, body: null }).key).toBe('notFound');
  });
  it('body code 401 and HTTP 401 -> login timed out, session ends', () => {
    for (const outcome of [{ status: 200, body: envelope(401) }, { status: 401, body: null }]) {
      const verdict = applyCatalogue({ kind: 'response', ...outcome });
      expect(verdict).toMatchObject({ code: 401, key: 'timeout', endSession: true });
    }
  });
  it('HTTP 500 -> server error, whatever the body says', () => {
    expect(applyCatalogue({ kind: 'response', status: 500, body: envelope(500, 'stack trace here') }))
      .toEqual({ code: 500, key: 'server', data: null });
    // Only the service's error id passes, so a user can quote it; nothing else of the body does.
    const errorId = '0b7e2c7a-3f41-4c55-9d1e-5a2b8f0c1d2e';
    expect(applyCatalogue({ kind: 'response', status: 500, body: envelope(500, 'x', { errorId, sql: 'select', params: ['138'] }) }))
      .toEqual({ code: 500, key: 'server', data: { errorId } });
    expect(applyCatalogue({ kind: 'response', status: 500, body: envelope(500, 'x', { errorId: 'not an id <script>' }) }).data).toBeNull();
  });
  it("another body code -> the server's message plus '！', data kept (422 fields)", () => {
    const verdict = applyCatalogue({ kind: 'response', status: 422, body: envelope(422, '提交的内容不符合要求', { fields: { a: 'validation.invalid' } }) });
    expect(verdict).toEqual({ code: 422, key: 'withMessage', params: { message: '提交的内容不符合要求' }, data: { fields: { a: 'validation.invalid' } } });
    expect(translate('zh-CN', `errors.${verdict.key}`, verdict.params)).toBe('提交的内容不符合要求！');
  });
  it('any other failure -> system error; a service unreachable, gone mid-call or behind a gateway that lost it is 503, one too slow 504', () => {
    expect(applyCatalogue({ kind: 'failure', reason: 'timeout' })).toEqual({ code: 504, key: 'system', data: null });
    expect(applyCatalogue({ kind: 'failure', reason: 'unreachable' })).toEqual({ code: 503, key: 'system', data: null });
    for (const status of [502, 503, 504]) expect(applyCatalogue({ kind: 'response', status, body: null })).toEqual({ code: 503, key: 'system', data: null });
    expect(applyCatalogue({ kind: 'response', status: 200, body: null })).toEqual({ code: 500, key: 'system', data: null });
    expect(applyCatalogue({ kind: 'failure', reason: 'invalid' })).toEqual({ code: 500, key: 'system', data: null });
  });
  it('has the catalogue texts in both languages', () => {
    expect(translate('en', 'errors.notFound')).toBe('requested resource does not exist (404 Not Found)!');
    expect(translate('en', 'errors.timeout')).toBe('login timed out!');
    expect(translate('en', 'errors.server')).toBe('server error, please try again later!');
    expect(translate('en', 'errors.system')).toBe('system error, please contact the administrator!');
    expect(translate('en', 'errors.messageFetch')).toBe('message fetch error');
    expect(translate('en', 'errors.deleteCancelled')).toBe('deletion cancelled');
    for (const key of ['notFound', 'timeout', 'server', 'system', 'messageFetch', 'deleteCancelled']) {
      expect(translate('zh-CN', `errors.${key}`)).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});
