import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
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
