import { describe, expect, it } from 'vitest';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import type { Database } from '../../upstream/db/schema';
import { chinaDayStart, COUNT_CAP, filtered, orderOf, ordered, present, totalsOf } from '../../upstream/core/resource/list';
import { lockKey, uniqueViolation } from '../../upstream/core/resource/rules';
import type { From, Order } from '../../upstream/core/resource';
import { AppError } from '../../upstream/core/errors';

/** A database that only compiles queries: what the kit asks of it, without running anything. */
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const roles = () => db.selectFrom('role as t') as unknown as From<'role'>;

describe('the service kit: list queries', () => {
  it('applies the filters whose input is present, blank counting as absent', () => {
    const query = filtered(roles(), { name: { contains: 'name' }, state: { equals: 'state' }, since: { from: 'created_at' }, until: { to: 'created_at' } },
      { name: '50%_off', state: '', since: '2025-03-01', until: '2025-03-31', other: 'x' }).selectAll().compile();
    expect(query.sql).toBe('select * from "role" as "t" where "t"."name" ilike $1 and "t"."created_at" >= $2 and "t"."created_at" < $3');
    expect(query.parameters).toEqual(['%50\\%\\_off%', new Date('2025-02-28T16:00:00.000Z'), new Date('2025-03-31T16:00:00.000Z')]);
  });

  it('takes a filter function for anything else', () => {
    const query = filtered(roles(), { holders: (q, value) => q.where('t.id', 'in', value as number[]) }, { holders: [3, 4] }).selectAll().compile();
    expect(query.sql).toBe('select * from "role" as "t" where "t"."id" in ($1, $2)');
  });

  it('sorts as asked, the key breaking ties in the same direction; an unknown order takes the default', () => {
    const orders: Record<string, Order<'role'>> = { name: 'name', created: (eb) => eb.ref('t.created_at') };
    const sql = (order?: string) => ordered(roles().select('t.id'), orders, order, 'created', 'id').compile().sql;
    expect(sql('-name')).toBe('select "t"."id" from "role" as "t" order by "t"."name" desc, "t"."id" desc');
    expect(sql(undefined)).toBe('select "t"."id" from "role" as "t" order by "t"."created_at" asc, "t"."id" asc');
    expect(sql('password')).toBe(sql(undefined));
    expect(ordered(roles().select('t.id'), {}, undefined, undefined, 'id').compile().sql).toBe('select "t"."id" from "role" as "t" order by "t"."id" asc');
  });

  it('reads an order as a name and a direction', () => {
    expect(orderOf('-name', ['name'], 'id')).toEqual({ name: 'name', desc: true });
    expect(orderOf(undefined, ['name', 'id'], '-id')).toEqual({ name: 'id', desc: true });
    expect(orderOf('nope', ['name'], undefined)).toBeNull();
  });

  it('counts pages up to the cap, and says when it stopped counting', () => {
    expect(totalsOf(0, 10)).toEqual({ total: 0, totalPage: 0 });
    expect(totalsOf(21, 10)).toEqual({ total: 21, totalPage: 3 });
    expect(totalsOf(COUNT_CAP + 1, 30)).toEqual({ total: COUNT_CAP, totalPage: Math.ceil(COUNT_CAP / 30), capped: true });
  });

  it('takes a day as China’s, and blank search values as absent', () => {
    expect(chinaDayStart('2025-01-01').toISOString()).toBe('2024-12-31T16:00:00.000Z');
    expect([undefined, null, '', 0, false, 'a'].map(present)).toEqual([false, false, false, true, true, true]);
  });
});

describe('the service kit: unique rules', () => {
  const rules = [{ field: 'stage', column: 'stage', key: 'validation.overtimeStageTaken', index: 'overtime_config_pkey' }] as const;

  it('answers a violation of a rule’s unique index as the rule’s 422, and nothing else', () => {
    const answer = uniqueViolation<'overtime_config'>({ code: '23505', constraint: 'overtime_config_pkey' }, rules);
    expect(answer).toBeInstanceOf(AppError);
    expect(answer).toMatchObject({ code: 422, data: { fields: { stage: 'validation.overtimeStageTaken' } } });
    expect(uniqueViolation<'overtime_config'>({ code: '23505', constraint: 'another_uq' }, rules)).toBeNull();
    expect(uniqueViolation<'overtime_config'>({ code: '23503', constraint: 'overtime_config_pkey' }, rules)).toBeNull();
    expect(uniqueViolation<'overtime_config'>(new Error('boom'), rules)).toBeNull();
  });

  it('locks on a stable 32-bit key per value', () => {
    const keys = ['role.name', 'role.name ', '["risk"]', '["Risk"]', '人社审核员'].map(lockKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(Number.isInteger(key) && key >= -(2 ** 31) && key < 2 ** 31).toBe(true);
    expect(lockKey('role.name')).toBe(lockKey('role.name'));
  });
});
