import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../upstream/db';

const url = process.env.TEST_DATABASE_URL;

/** The service's queries on PostgreSQL go straight to the pg pool (leanKysely in upstream/db/index.ts). */
describe.skipIf(!url)('queries on the PostgreSQL pool [postgres]', () => {
  it('keep their connection when a query fails, and a transaction runs on one connection, committed or rolled back', async () => {
    const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
    const db = database.db;
    const backend = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;
    try {
      const pid = await backend();
      await expect(sql`select 1 / 0`.execute(db)).rejects.toMatchObject({ code: '22012' });
      expect(await backend()).toBe(pid);
      expect(database.pool()).toMatchObject({ total: 1 });

      await sql`create temporary table pool_probe (n int)`.execute(db);
      const pids = await db.transaction().execute(async (trx) => {
        await sql`insert into pool_probe values (1)`.execute(trx);
        return [(await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]!.pid, pid];
      });
      expect(new Set(pids).size).toBe(1);
      await expect(db.transaction().execute(async (trx) => {
        await sql`insert into pool_probe values (2)`.execute(trx);
        await sql`select 1 / 0`.execute(trx);
      })).rejects.toMatchObject({ code: '22012' });
      const { rows } = await sql<{ n: number }>`select n from pool_probe order by n`.execute(db);
      expect(rows).toEqual([{ n: 1 }]);
      const { numAffectedRows } = await db.executeQuery(sql`update pool_probe set n = n + 1`.compile(db));
      expect(numAffectedRows).toBe(1n);
    } finally {
      await database.close();
    }
  });
});

/** PGlite through Kysely's PGlite dialect (openPGlite in upstream/db/index.ts): one connection. */
describe('queries on PGlite', () => {
  it('hand its one connection to one holder at a time, counted as a pool of one, and roll a failed transaction back', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const db = database.db;
    try {
      await sql`create table pool_probe (n int)`.execute(db);
      expect(database.pool()).toEqual({ max: 1, total: 1, idle: 1, waiting: 0 });
      let commit!: () => void;
      const gate = new Promise<void>((resolve) => { commit = resolve; });
      const order: string[] = [];
      const transaction = db.transaction().execute(async (trx) => {
        await sql`insert into pool_probe values (1)`.execute(trx);
        await gate;
        order.push('transaction');
      });
      await vi.waitFor(() => expect(database.pool()).toMatchObject({ idle: 0 }));
      const outside = sql<{ n: number }>`select count(*)::int as n from pool_probe`.execute(db).then(({ rows }) => {
        order.push('outside');
        return rows[0]!.n;
      });
      await vi.waitFor(() => expect(database.pool()).toEqual({ max: 1, total: 1, idle: 0, waiting: 1 }));
      commit();
      await transaction;
      expect(await outside).toBe(1); // it waited for the commit
      expect(order).toEqual(['transaction', 'outside']);
      expect(database.pool()).toEqual({ max: 1, total: 1, idle: 1, waiting: 0 });

      await expect(db.transaction().execute(async (trx) => {
        await sql`insert into pool_probe values (2)`.execute(trx);
        await sql`select 1 / 0`.execute(trx);
      })).rejects.toMatchObject({ code: '22012' });
      expect((await sql<{ n: number }>`select n from pool_probe order by n`.execute(db)).rows).toEqual([{ n: 1 }]);
      const { numAffectedRows } = await db.executeQuery(sql`update pool_probe set n = n + 1`.compile(db));
      expect(numAffectedRows).toBe(1n);
    } finally {
      await database.close();
    }
  });

  it('give the event loop a turn before each query, so a long run of queries does not starve timers', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    let turns = 0;
    let ticking = true;
    const tick = () => { turns++; if (ticking) setImmediate(tick); };
    try {
      setImmediate(tick);
      turns = 0;
      for (let i = 0; i < 50; i++) await sql`select ${i}::int as i`.execute(database.db);
      expect(turns).toBeGreaterThanOrEqual(45);
    } finally {
      ticking = false;
      await database.close();
    }
  });
});
