import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import {
  DefaultQueryExecutor, Kysely, PGliteAdapter, PGliteDialect, PGliteDriver, PostgresDialect, sql,
  type CompiledQuery, type ConnectionProvider, type DatabaseConnection, type DatabaseIntrospector,
  type PGliteDialectConfig, type QueryResult, type SchemaMetadata,
} from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import type { Database } from './schema';
import { migrations } from './migrations';
import { createDataDirApart } from './pglite-init';
import type { PoolStats } from '../../lib/http/metrics';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string;
  /** PostgreSQL schema to work in (created when missing); tests use one per file. */
  schema?: string;
  /** PGlite data directory, or 'memory://' for a throw-away database. */
  dataDir?: string;
  /** A PGlite data-directory dump to start from (tests start from a seeded snapshot). */
  loadDataDir?: Blob;
  poolSize?: number;
}

export interface OpenDatabase {
  db: Db;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
  /** Connections of the pool now (for the operators' metrics). */
  pool(): PoolStats;
  /** PGlite only: a dump of the data directory, to start other instances from. */
  dump?(): Promise<Blob>;
}

export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPGlite(options.dataDir ?? 'memory://', options.loadDataDir);
}

async function openPostgres(connectionString: string, options: DatabaseOptions): Promise<OpenDatabase> {
  const { default: pg } = await import('pg');
  // int8 (count(*)) as number, numeric as string, timestamps as Date.
  pg.types.setTypeParser(20, (value: string) => Number(value));
  const schema = options.schema;
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  if (schema) {
    const setup = new pg.Client({ connectionString });
    await setup.connect();
    try { await setup.query(`create schema if not exists ${schema}`); } finally { await setup.end(); }
  }
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = await leanKysely(pool);
  const max = options.poolSize ?? 10;
  const poolStats = () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  return { db, kind: 'postgres', close: () => db.destroy(), pool: poolStats };
}

async function openPGlite(dataDir: string, loadDataDir?: Blob): Promise<OpenDatabase> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (!dataDir.includes('://')) {
    mkdirSync(dataDir, { recursive: true });
    if (!loadDataDir) await createDataDirApart(dataDir);
  }
  const pglite = await PGlite.create(dataDir, loadDataDir ? { loadDataDir } : {});
  // `npm run backup` and `npm run restore` refuse a data directory a live server holds.
  const lock = dataDir.includes('://') ? null : `${dataDir}.lock`;
  if (lock) writeFileSync(lock, JSON.stringify({ pid: process.pid, hostname: hostname(), since: new Date().toISOString() }));
  const dialect = new QueuedPGliteDialect({ pglite, onCreateConnection: yieldBeforeEachQuery });
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      if (lock) rmSync(lock, { force: true });
    },
    pool: () => dialect.stats(),
    dump: async () => pglite.dumpDataDir('none') as Promise<Blob>,
  };
}

/**
 * PGlite runs in this thread and settles its queries without giving the event loop a turn,
 * so a long run of queries (migrations, the seed, a bulk load) would starve timers and
 * requests for seconds. One turn before each query keeps the process answering.
 */
async function yieldBeforeEachQuery(connection: DatabaseConnection) {
  const run = connection.executeQuery.bind(connection);
  connection.executeQuery = async (query, options) => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    return run(query, options);
  };
}

/**
 * Kysely's PGlite dialect, its one connection counted as a pool of one for the metrics: a queue
 * of ours hands it to one holder at a time (in place of Kysely's own lock for single-connection
 * dialects, whose waiters cannot be counted), so a transaction owns the database until it commits
 * or rolls back, exactly as a pooled connection would.
 */
class QueuedPGliteDialect extends PGliteDialect {
  private readonly usage = { held: false, waiting: 0 };
  constructor(private readonly config: PGliteDialectConfig) { super(config); }
  /** The one connection as a pool's figures: open, idle or held, and how many wait for it. */
  stats(): PoolStats {
    return { max: 1, total: 1, idle: this.usage.held ? 0 : 1, waiting: this.usage.waiting };
  }
  override createAdapter() { return new QueuedPGliteAdapter(); }
  override createDriver() { return new QueuedPGliteDriver(this.config, this.usage); }
}

class QueuedPGliteAdapter extends PGliteAdapter {
  /** Kysely may ask for the connection at any time: QueuedPGliteDriver makes the others wait. */
  override get supportsMultipleConnections() { return true; }
}

class QueuedPGliteDriver extends PGliteDriver {
  private queue: Promise<void> = Promise.resolve();
  private releaseCurrent: () => void = () => {};
  constructor(config: PGliteDialectConfig, private readonly usage: { held: boolean; waiting: number }) { super(config); }

  override async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const previous = this.queue;
    this.queue = previous.then(() => held);
    this.usage.waiting++;
    await previous;
    this.usage.waiting--;
    this.usage.held = true;
    this.releaseCurrent = release;
    return super.acquireConnection();
  }

  override async releaseConnection() {
    await super.releaseConnection();
    const release = this.releaseCurrent;
    this.releaseCurrent = () => {};
    this.usage.held = false;
    release();
  }
}

/** Statements whose affected row count Kysely reports (as its own PostgreSQL connection does). */
const AFFECTING = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);
function resultOf<R>({ command, rowCount, rows }: import('pg').QueryResult): QueryResult<R> {
  return {
    rows: (rows ?? []) as R[],
    numAffectedRows: AFFECTING.has(command) ? BigInt(rowCount ?? 0) : undefined,
  };
}

/**
 * Kysely over a pg pool with one layer per query instead of six. Its own driver runs a select
 * through a runtime driver, a connection provider and the dialect's driver and connection:
 * about 24 promises, and inside Next's process every promise also runs its async-context hooks.
 * Here a query outside a transaction is one checkout, query and release of the pool's; a
 * transaction (whose executor Kysely derives with its own provider of one connection) checks a
 * client out of the pool, and Kysely begins, commits and rolls back on it.
 */
async function leanKysely(pool: import('pg').Pool): Promise<Db> {
  const dialect = new PostgresDialect({ pool });
  const driver = dialect.createDriver();
  await driver.init();
  const connectionOf = (client: import('pg').PoolClient): DatabaseConnection => ({
    executeQuery: <R>(query: CompiledQuery) => client.query(query.sql, query.parameters as unknown[]).then((result) => resultOf<R>(result)),
    streamQuery: () => { throw new Error('streaming is not supported'); },
  });
  const provider: ConnectionProvider = {
    provideConnection: (consume) => pool.connect().then((client) => consume(connectionOf(client)).finally(() => client.release())),
  };
  class PoolExecutor extends DefaultQueryExecutor {
    // The pool's own `query` would end the connection on any error of the query (a unique
    // violation, say); the client goes back to the pool as with Kysely's driver, and pg-pool
    // still drops one whose connection broke.
    override executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      return new Promise((resolve, reject) => {
        pool.connect((connectError, client, release) => {
          if (connectError || !client) return reject(connectError);
          client.query(query.sql, query.parameters as unknown[], (error, result) => {
            release();
            if (error) reject(error);
            else resolve(resultOf<R>(result));
          });
        });
      });
    }
  }
  const executor = new PoolExecutor(dialect.createQueryCompiler(), dialect.createAdapter(), provider);
  return new Kysely<Database>({ config: { dialect }, dialect, driver, executor });
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Whether every migration already ran: one read of the migration table. A start on an
 * existing database then skips the migrator (its lock table, lock and transaction).
 */
async function upToDate(db: Db, schema: string): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.id(schema, 'kysely_migration')}`.execute(db);
    const applied = new Set(rows.map((r) => r.name));
    return Object.keys(migrations).every((name) => applied.has(name));
  } catch {
    return false; // no migration table yet: a new database
  }
}

/**
 * The database as Kysely's migrator sees it: the same connections, but asked only about its own
 * schema. Its own catalogue reader reads every column of every schema (with a catalogue function
 * per column) just to learn whether its two tables exist; another installation's schema (a test
 * file's, for one) dropped during that read failed the migration ("column … of relation … does
 * not exist", or "schema … does not exist").
 */
function ownSchemaOnly(db: Db, schema: string): Db {
  const introspection: DatabaseIntrospector = {
    getSchemas: async () => (await sql<SchemaMetadata>`select nspname as name from pg_namespace where nspname = ${schema}`.execute(db)).rows,
    getTables: async () => (await sql<{ name: string }>`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relkind in ('r', 'p')`.execute(db)).rows.map(({ name }) => ({ name, schema, isView: false, isForeign: false, columns: [] })),
  };
  return new Proxy(db, {
    get(target, key) {
      if (key === 'introspection') return introspection;
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Whether every migration this version knows has been applied (a replica that does not migrate waits for it). */
export async function schemaUpToDate(db: Db): Promise<boolean> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return upToDate(db, rows[0]?.schema ?? 'public');
}

export async function migrate(db: Db): Promise<void> {
  // Kysely looks for its migration tables in every schema unless told which one, so a second
  // schema of the same database (tests, several installations) would see the first one's.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrationTableSchema = rows[0]?.schema ?? 'public';
  if (await upToDate(db, migrationTableSchema)) return;
  const { error, results } = await new Migrator({ db: ownSchemaOnly(db, migrationTableSchema), provider, migrationTableSchema }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
}
