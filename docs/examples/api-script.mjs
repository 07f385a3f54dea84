// A script against the product's API through a client generated from its OpenAPI document
// (docs/api.md, 'A generated client'). Generate the client first:
//
//   curl -s -b jar.txt "$BASE/api/openapi.json" -o openapi.json
//   npx swagger-typescript-api generate --path openapi.json --output client --name api.ts --js
//
// then: BASE=http://localhost:3000 CLIENT=./client/api.js node docs/examples/api-script.mjs
// (LBO_USERNAME and LBO_PASSWORD choose the account; the demo administrator by default)
// It signs in as the administrator, reads the first review's workbench, reassigns its first case
// with an idempotency key (twice: the retry is applied once) and back again, exports the workbench as .xlsx and
// shows the error envelope of a call without a session. It prints one JSON line per step.
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const BASE = process.env.BASE ?? 'http://localhost:3000';
const { Api } = await import(pathToFileURL(resolve(process.env.CLIENT ?? './client/api.js')).href);
const print = (step, value) => console.log(JSON.stringify({ step, ...value }));

// The session cookie goes with every call marked secure (all but the public ones).
const api = new Api({ baseUrl: BASE, securityWorker: (cookie) => (cookie ? { headers: { cookie } } : {}) });

// 1. Sign in: the answer sets the sealed session cookie lbo_session.
const login = await api.api.adminLogin({ username: process.env.LBO_USERNAME ?? 'admin', password: process.env.LBO_PASSWORD ?? 'demo1234' });
const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
api.setSecurityData(cookie);
print('login', { code: login.data.code, user: login.data.data?.info?.username ?? null });

// 2. A workbench list: the renshe first review's cases waiting, 10 to a page.
const list = await api.api.businessClubFirstTrialGetList({ stage: 'RS_FIRST', scope: 'pending', pageNum: 1, pageSize: 10 });
const [first] = list.data.data.list;
print('list', { code: list.data.code, total: list.data.data.total, first: first?.number ?? null });

// 3. An action with its idempotency key: reassign the first case to another person of its node.
//    The same key sent again answers the first result; the action is applied once.
const people = await api.api.businessClubFirstTrialGetAuditPersonAmount({ id: first.id });
const other = people.data.data.find((person) => person.id !== first.assignee?.id);
const action = { id: first.id, version: first.version, key: randomUUID(), userId: other.id };
const done = await api.api.businessClubFirstTrialAdminRedeploy(action);
const again = await api.api.businessClubFirstTrialAdminRedeploy(action);
print('action', { code: done.data.code, recordId: done.data.data.recordId, retryRecordId: again.data.data.recordId, assignee: done.data.data.application.assignee?.nickname });
// Put the case back with the person it was with: a new action, so a new key and the case's new version.
const back = await api.api.businessClubFirstTrialAdminRedeploy({ id: first.id, version: done.data.data.application.version, key: randomUUID(), userId: first.assignee.id });
print('back', { code: back.data.code, assignee: back.data.data.application.assignee?.nickname });

// 4. An export: the same search as an .xlsx file (the answer is the file, not the envelope).
const file = await api.api.businessClubFirstTrialExportAll({ stage: 'RS_FIRST', scope: 'pending' });
const bytes = Buffer.from(await file.arrayBuffer());
print('export', { status: file.status, type: file.headers.get('content-type'), bytes: bytes.length, zip: bytes.subarray(0, 2).toString() === 'PK' });

// 5. Errors: every refusal is the envelope {code, message, data} with the HTTP status; the
//    client throws the answer for a status other than 2xx.
api.setSecurityData(null);
try {
  await api.api.businessClubFirstTrialGetList({ stage: 'RS_FIRST', pageNum: 1, pageSize: 10 });
} catch (answer) {
  print('error', { status: answer.status, code: answer.error?.code, message: answer.error?.message });
}
