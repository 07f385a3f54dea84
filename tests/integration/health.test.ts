import { expect, it } from 'vitest';
import { describeUpstream } from './harness';

describeUpstream('health', (up) => {
  it('reports the database ready', async () => {
    const { status, body } = await up().call('health', {}, { method: 'GET' });
    expect(status).toBe(200);
    expect(body).toEqual({ code: 200, message: '操作成功', data: { database: 'ok' } });
  });
  it('answers an unknown call with 404 in the envelope', async () => {
    const { status, body } = await up().call('no/such-call');
    expect(status).toBe(404);
    expect(body.code).toBe(404);
  });
});
