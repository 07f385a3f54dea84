import { afterEach, expect, it } from 'vitest';
import { setLogSink } from '../../lib/http/log';
import { metricsText } from '../../lib/http/metrics';
import { describeUpstream } from './harness';

/** The service's side of the request log and the metrics: the id it was given comes back, and every call is one line. */
describeUpstream('request log and metrics of the service', (up) => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());
  const capture = () => {
    const lines: Record<string, unknown>[] = [];
    restore = setLogSink((line) => { lines.push(JSON.parse(line)); });
    return lines;
  };

  it('answers the request id it was sent and logs the call with its path, status, duration and user', async () => {
    const token = await up().login('admin');
    const admin = await up().db.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const lines = capture();
    const response = await up().fetch(new Request('http://upstream/api/role/roleList', {
      method: 'POST', body: '{"pageNum":1,"pageSize":10}',
      headers: { 'content-type': 'application/json', token, 'x-request-id': 'bff-req-0001' },
    }));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('bff-req-0001');
    const entry = lines.find((l) => l.msg === 'call');
    expect(entry).toMatchObject({ level: 'info', requestId: 'bff-req-0001', layer: 'service', path: 'role/roleList', status: 200, userId: admin.id });
    expect(typeof entry?.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  it('writes no info line for a health check that finds the service up (probes would fill the log); other calls keep theirs', async () => {
    const lines = capture();
    expect((await up().request('health', {}, { method: 'GET' })).status).toBe(200);
    expect((await up().request('no/suchCall', {})).status).toBe(404);
    expect(lines.filter((l) => l.msg === 'call' && l.path === 'health')).toEqual([]);
    expect(lines.filter((l) => l.msg === 'call' && l.path === 'other')).toHaveLength(1);
  });

  it('logs a refused sign-in without the password, and an unknown path as other', async () => {
    const lines = capture();
    const { status } = await up().call('admin/login', { username: 'admin', password: 'Wrong-Password-991' });
    expect(status).not.toBe(500);
    const missing = await up().request('no/suchCall', {});
    expect(missing.status).toBe(404);
    const text = JSON.stringify(lines);
    expect(text).not.toContain('Wrong-Password-991');
    expect(lines.find((l) => l.path === 'admin/login')).toMatchObject({ layer: 'service' });
    expect(lines.find((l) => l.status === 404)).toMatchObject({ path: 'other' });
  });

  it('counts calls per call path and status in the metrics', async () => {
    const token = await up().login('admin');
    await up().call('role/roleList', { pageNum: 1, pageSize: 10 }, { token });
    const { text } = await metricsText();
    expect(text).toMatch(/lbo_requests_total\{layer="service",call="role\/roleList",status="200"\} [1-9]\d*/);
    expect(text).toMatch(/lbo_request_duration_seconds_count\{layer="service",call="role\/roleList",status="200"\} [1-9]\d*/);
  });
});
