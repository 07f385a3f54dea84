import { createUpstreamApp } from '../upstream/app';
import type { Db } from '../upstream/db';
import { DEMO_PASSWORD } from '../upstream/db/seed';

interface Answer { code: number; message: string; data: any }

/**
 * The platform service over one database, called in-process as the BFF calls it: `call` posts a
 * call's body and reads its envelope (a file answer as its size), `login` signs a demo user in.
 */
export function inProcess(db: Db) {
  const app = createUpstreamApp(db, { loginMaxFailuresPerIp: 10_000 });
  const call = async (path: string, body: unknown, token?: string): Promise<Answer> => {
    const response = await app.fetch(new Request(`http://bench/api/${path}`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-client-ip': '127.0.0.1', ...(token ? { token } : {}) }, body: JSON.stringify(body),
    }));
    if (!(response.headers.get('content-type') ?? '').includes('json')) return { code: response.status, message: '', data: { size: (await response.arrayBuffer()).byteLength } };
    return response.json() as Promise<Answer>;
  };
  const login = async (username: string) => {
    const answer = await call('admin/login', { username, password: DEMO_PASSWORD });
    if (answer.code !== 200) throw new Error(`login ${username}: ${answer.message}`);
    return answer.data.token as string;
  };
  return { app, call, login };
}
