import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Db } from '../../upstream/db';

const url = process.env.TEST_DATABASE_URL;

/**
 * Several installations (and test files) keep a schema each in one PostgreSQL database and
 * make, migrate and drop them at any time. Migrating one must read nothing of the others: a
 * schema dropped while Kysely's catalogue reader read every schema's columns failed the
 * migration ("column … of relation … does not exist"), now and then, in CI.
 */
describe.skipIf(!url)('migrating one schema of a database that holds others [postgres]', () => {
  it('migrates a new schema without reading the whole catalogue, and finds it up to date after', async () => {
    const schema = `it_${randomBytes(6).toString('hex')}`;
    const database = await openDatabase({ databaseUrl: url, schema, poolSize: 2 });
    let catalogueReads = 0;
    // The database as given, but its catalogue reader counts and refuses: a read of it is a read of every schema.
    const watched = new Proxy(database.db, {
      get(target, key) {
        if (key === 'introspection') { catalogueReads += 1; throw new Error('read every schema of the database'); }
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Db;
    try {
      await migrate(watched);
      const { rows } = await sql<{ n: number; tables: number }>`select (select count(*) from application)::int as n,
          (select count(*) from pg_tables where schemaname = ${schema})::int as tables`.execute(database.db);
      expect(rows[0]).toMatchObject({ n: 0 });
      expect(rows[0]?.tables).toBeGreaterThan(40);
      await migrate(watched); // the next start: nothing to run
      expect(catalogueReads).toBe(0);
    } finally {
      await database.close();
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
  }, 60_000);
});
