import { afterEach, describe, expect, it } from 'vitest';
import { log, prettyLine, setLogSink } from '@/lib/http/log';
import { scrub } from '@/lib/http/redact';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

function capture(): string[] {
  const lines: string[] = [];
  restore = setLogSink((line) => { lines.push(line); });
  return lines;
}

const SECRETS = {
  password: 'Secret12345',
  hash: 'scrypt$16384$8$1$c2FsdHNhbHQ=$a2V5a2V5a2V5',
  token: 'tok_9f8e7d6c5b4a39281706f5e4d3c2b1a0',
  idNumber: '110101199003071234',
  mobile: '13812345678',
  dbPassword: 'db-Pa55word',
};

describe('structured logs', () => {
  it('writes one JSON line with level, time, message and the fields given', () => {
    const lines = capture();
    log.info({ requestId: 'req-12345678', path: 'role/roleList', status: 200, ms: 12, userId: 7 }, 'request');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ level: 'info', msg: 'request', requestId: 'req-12345678', path: 'role/roleList', status: 200, ms: 12, userId: 7 });
    expect(new Date(line.time).toISOString()).toBe(line.time);
  });

  it('never writes passwords, tokens, hashes, whole ID numbers or mobiles, by field name or inside a text', () => {
    const lines = capture();
    log.warn({
      password: SECRETS.password, newPassword: SECRETS.password, token: SECRETS.token,
      headers: { authorization: `Bearer ${SECRETS.token}`, cookie: `lbo_session=${SECRETS.token}`, Token: SECRETS.token },
      user: { password_hash: SECRETS.hash, idNumber: SECRETS.idNumber, mobile: SECRETS.mobile, nested: [{ sessionSecret: SECRETS.token }] },
      note: `proposer ${SECRETS.idNumber} called from ${SECRETS.mobile} with ${SECRETS.hash}`,
      database: `postgres://loans:${SECRETS.dbPassword}@db-host/loans`,
      header: `Bearer ${SECRETS.token}`,
    }, `sign-in of ${SECRETS.mobile} (ID ${SECRETS.idNumber}) with password hash ${SECRETS.hash}`);
    const text = lines.join('\n');
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
    expect(text).not.toContain('1381234'); // no prefix of the mobile beyond what masking shows
    expect(text).not.toContain('19900307'); // the birth date inside the ID number
    const line = JSON.parse(lines[0]!);
    expect(line.password).toBe('[Redacted]');
    expect(line.user.password_hash).toBe('[Redacted]');
    expect(line.user.idNumber).toBe('110***********1234');
    expect(line.user.mobile).toBe('138****5678');
    expect(line.msg).toBe('sign-in of 138****5678 (ID 110***********1234) with password hash [Redacted]');
    expect(line.database).toBe('postgres://loans:[Redacted]@db-host/loans');
  });

  it('keeps an error to its class and code, never its message (which may quote SQL parameters)', () => {
    const lines = capture();
    const error = Object.assign(new Error(`duplicate key (mobile)=(${SECRETS.mobile}) password ${SECRETS.password}`), { code: '23505' });
    log.error({ error }, 'save failed');
    const line = JSON.parse(lines[0]!);
    expect(line.error).toEqual({ type: 'Error', code: '23505' });
    expect(lines[0]).not.toContain(SECRETS.password);
  });

  it('leaves ordinary numbers, ids and masked values alone', () => {
    expect(scrub({ id: 12345678901234, orgId: 42, amount: '300000.00', requestId: 'c0a8012e-7f00-4b8e-9d0a-0123456789ab', mobile: '138****5678' }))
      .toEqual({ id: 12345678901234, orgId: 42, amount: '300000.00', requestId: 'c0a8012e-7f00-4b8e-9d0a-0123456789ab', mobile: '138****5678' });
  });

  it('prints one readable line in development', () => {
    const json = JSON.stringify({ level: 'info', time: '2026-11-23T10:00:01.042Z', pid: 1, msg: 'request', path: 'role/roleList', status: 200 });
    expect(prettyLine(json)).toBe('10:00:01.042 INFO  request path=role/roleList status=200\n');
  });
});
