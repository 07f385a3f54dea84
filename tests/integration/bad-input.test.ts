import { beforeAll, expect, it } from 'vitest';
import type { z } from 'zod';
import { CALLS, type CallPath } from '../../lib/contract/calls';
import { methodsOf } from '../../upstream/core/dispatch';
import type { AnyCall } from '../../upstream/core/call';
import { describeUpstream, type Upstream } from './harness';
import { fingerprint, freshIp } from './helpers';

/**
 * Bad input, as an attacker or a careless client sends it, to every call of the table: each
 * answer is a 4xx in the envelope (never a 500), a field's bad value is refused by name, and
 * nothing is written.
 */
type Spec = AnyCall['spec'];
const SPECS = Object.entries(CALLS) as [CallPath, Spec][];

/** Values no field of any call takes: text with a NUL or other control character, or half a surrogate pair alone (no character). */
const CONTROL = ['a\u0000b', '\u0000', 'x\u0007y', 'line\u001bescape', 'a\ud800b', '\udc00x'];
/** Values a numeric field must refuse: out of its column, or coerced from another type or padded text. */
const NOT_A_NUMBER = [2_147_483_648, 9_007_199_254_740_993, -2_147_483_649, true, [300], '0x12c', '  7  ', '7 ', '1e3', '', null, {}];

interface Field { name: string; schema: z.ZodType; /** What the rest of the body holds (a union's discriminator). */ base: Record<string, unknown> }
interface Def { type?: string; shape?: Record<string, z.ZodType>; options?: unknown[]; in?: unknown; discriminator?: string; values?: unknown[] }
const defOf = (s: unknown) => (s as { _zod?: { def?: Def } })._zod?.def;

/** The top-level fields of a call's input, each with its own schema (objects, refined objects and unions of objects). */
function fieldsOf(schema: z.ZodType): Field[] {
  const fields: Field[] = [];
  const visit = (s: unknown, base: Record<string, unknown>) => {
    const def = defOf(s);
    if (!def) return;
    if (def.type === 'object' && def.shape) {
      for (const [name, field] of Object.entries(def.shape)) if (!(name in base)) fields.push({ name, schema: field, base });
    }
    if (def.type === 'union' && def.options) {
      for (const option of def.options) {
        const literal = def.discriminator ? defOf(defOf(option)?.shape?.[def.discriminator])?.values?.[0] : undefined;
        visit(option, def.discriminator && literal !== undefined ? { [def.discriminator]: literal } : {});
      }
    }
    if (def.type === 'pipe') visit(def.in, base);
  };
  visit(schema, {});
  return fields;
}

/** Whether a field takes a plain number (an id, a version, an amount...). */
const numeric = (field: z.ZodType) => field.safeParse(7).success;

/** The two loops over every call grow with the call table: they get more than the default 30 s. */
const EVERY_CALL_TIMEOUT = 180_000;

describeUpstream('bad input to every call', (up) => {
  let admin: string;
  let attempts = 0;
  let serverErrors: string[] = [];
  beforeAll(async () => { admin = await up().login('admin'); });

  async function send(path: CallPath, spec: Spec, body: unknown, raw?: string) {
    attempts += 1;
    const method = methodsOf(spec).includes('POST') ? 'POST' : 'GET';
    const options = { token: spec.access === 'public' ? undefined : admin, method, ip: freshIp(), raw } as const;
    const answer = (CALLS[path] as { file?: true }).file ? await fileOrEnvelope(path, body, options) : await up().call(path, body, options);
    if (answer.status >= 500) serverErrors.push(`${path} ${JSON.stringify(body)?.slice(0, 80)}: ${answer.status}`);
    expect(Object.keys(answer.body).sort(), path).toEqual(['code', 'data', 'message']);
    expect(answer.body.code, path).toBe(answer.status);
    return answer;
  }

  /** A file call answers its file when the input is good (a body of unknown keys only, say): an envelope of 200 for the checks. */
  async function fileOrEnvelope(path: CallPath, body: unknown, options: Parameters<Upstream['request']>[2]) {
    const response = await up().request(path, body, options);
    if (response.status === 200 && !(response.headers.get('content-type') ?? '').includes('json')) {
      return { status: 200, body: { code: 200, data: null, message: 'file' } };
    }
    return { status: response.status, body: await response.json() as { code: number; data: unknown; message: string } };
  }

  it('refuses control characters and non-numbers field by field with 422 naming the field, writing nothing', async () => {
    serverErrors = [];
    for (const [path, spec] of SPECS) {
      if (spec.body && spec.body !== 'json') continue; // multipart: its own test below
      const before = await fingerprint(up());
      for (const { name, schema: field, base } of fieldsOf(spec.input)) {
        // A query string carries text only: there a number's bad forms are its texts.
        const query = !methodsOf(spec).includes('POST');
        const notNumbers = NOT_A_NUMBER.filter((v) => !query || typeof v === 'string');
        const bad = [...CONTROL, ...(numeric(field) ? notNumbers.filter((v) => !field.safeParse(v).success) : [])];
        for (const value of bad) {
          const { status, body } = await send(path, spec, { ...base, [name]: value });
          expect(status, `${path} ${name}=${JSON.stringify(value)}`).toBe(422);
          expect(Object.keys((body.data as { fields: object }).fields), `${path} ${name}=${JSON.stringify(value)}`).toContain(name);
        }
      }
      expect(await fingerprint(up()), path).toBe(before);
    }
    expect(serverErrors).toEqual([]);
  }, EVERY_CALL_TIMEOUT);

  it('answers every call a 4xx envelope for bodies that are no object, broken JSON or far too large', async () => {
    serverErrors = [];
    for (const [path, spec] of SPECS) {
      const fields = fieldsOf(spec.input);
      // A call without input (a count, a sign-out) takes any body as 'no input'.
      if (!methodsOf(spec).includes('POST') || (spec.body && spec.body !== 'json') || fields.length === 0) continue;
      const before = await fingerprint(up());
      const first = fields[0]!;
      const bodies: { body?: unknown; raw?: string }[] = [
        { raw: '[]' }, { raw: '"text"' }, { raw: 'null' }, { raw: '{"a":' }, { raw: '\u0000' },
        { body: { ...first.base, [first.name]: 'x'.repeat(2_000_000) } },
      ];
      for (const { body, raw } of bodies) {
        const answer = await send(path, spec, body ?? {}, raw);
        if (raw) expect(answer.status, `${path} ${raw}`).toBe(422);
        else expect(answer.status, `${path} large`).toBe(413);
      }
      // A body declared as anything but JSON is not read as JSON: 415 in the envelope.
      for (const type of ['text/plain;charset=UTF-8', 'application/x-www-form-urlencoded']) {
        const response = await up().fetch(new Request(`http://upstream/api/${path}`, {
          method: 'POST', headers: { 'content-type': type, 'x-client-ip': freshIp(), ...(spec.access === 'public' ? {} : { token: admin }) },
          body: JSON.stringify(first.base),
        }));
        expect(response.status, `${path} ${type}`).toBe(415);
        expect(await response.json(), `${path} ${type}`).toMatchObject({ code: 415, data: null });
      }
      // A key that names the prototype is only a key: whatever the answer, it is no server error (send checks).
      await send(path, spec, {}, '{"__proto__":{"pageSize":5},"constructor":{"prototype":{"x":1}}}');
      expect(await fingerprint(up()), path).toBe(before);
    }
    expect(serverErrors).toEqual([]);
  }, EVERY_CALL_TIMEOUT);

  it('refuses GET query strings that are out of range or padded', async () => {
    for (const id of ['2147483648', '  7', '0x12c', '7.5', '-1', '\u0000']) {
      const { status, body } = await send('upload/file', CALLS['upload/file'] as unknown as Spec, { id });
      expect(status).toBe(422);
      expect((body.data as { fields: object }).fields).toHaveProperty('id');
    }
  });

  it('refuses a multipart upload with out-of-range ids, control characters or no file, writing nothing', async () => {
    const before = await fingerprint(up());
    const cases: [string, string][] = [['applicationId', '2147483648'], ['applicationId', ' 1 '], ['kind', 'ID\u0000CARD']];
    for (const [name, value] of cases) {
      const form = new FormData();
      form.set('applicationId', '1');
      form.set('kind', 'ID_CARD');
      form.set(name, value);
      form.set('file', new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46])], { type: 'application/pdf' }), 'a\u0000.pdf');
      const response = await up().fetch(new Request('http://upstream/api/upload/uploadFile', { method: 'POST', headers: { token: admin, 'x-client-ip': freshIp() }, body: form }));
      const body = await response.json() as { code: number; data: { fields?: object } };
      expect(response.status).toBe(422);
      expect(body.code).toBe(422);
      expect(body.data.fields).toHaveProperty(name);
    }
    expect(await fingerprint(up())).toBe(before);
  });

  it('tried many variants and saw no server error', () => {
    console.info(`[bad-input] ${attempts} attempts over ${SPECS.length} calls, ${serverErrors.length} server errors`);
    expect(attempts).toBeGreaterThan(1000);
  });
});
