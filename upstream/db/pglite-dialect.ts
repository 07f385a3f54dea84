import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import type { PoolStats } from '../../lib/http/metrics';

/**
 * Kysely dialect over one PGlite instance. PGlite is a single connection, so the
 * driver hands it out to one holder at a time; a transaction therefore owns the
 * database until it commits or rolls back, exactly as a pooled connection would.
 */
export class PGliteDialect implements Dialect {
  private readonly usage = { held: false, waiting: 0 };
  constructor(private readonly pglite: PGlite) {}
  /** The one connection as a pool's figures: open, idle or held, and how many wait for it. */
  stats(): PoolStats {
    return { max: 1, total: 1, idle: this.usage.held ? 0 : 1, waiting: this.usage.waiting };
  }
  createAdapter() { return new PostgresAdapter(); }
  createQueryCompiler() { return new PostgresQueryCompiler(); }
  createIntrospector(db: Kysely<unknown>) { return new PostgresIntrospector(db); }
  createDriver(): Driver { return new PGliteDriver(this.pglite, this.usage); }
}

/**
 * PGlite runs in this thread and settles its queries without giving the event loop a turn,
 * so a long run of queries (migrations, the seed, a bulk load) would starve timers and
 * requests for seconds. One turn before each query keeps the process answering.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: DatabaseConnection;

  constructor(private readonly pglite: PGlite, private readonly usage: { held: boolean; waiting: number }) {
    this.connection = {
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        await yieldToEventLoop();
        const result = await pglite.query<R>(query.sql, query.parameters as unknown[]);
        const affected = result.affectedRows ?? 0;
        const isWrite = /^\s*(insert|update|delete|merge)/i.test(query.sql);
        return { rows: result.rows, ...(isWrite ? { numAffectedRows: BigInt(affected) } : {}) };
      },
      // biome-ignore lint/correctness/useYield: the dialect's streaming entry point, refused before the first row
      streamQuery: async function* () { throw new Error('streaming is not supported on PGlite'); },
    };
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const previous = this.queue;
    this.queue = previous.then(() => held);
    this.usage.waiting++;
    await previous;
    this.usage.waiting--;
    this.usage.held = true;
    this.releaseCurrent = release;
    return this.connection;
  }

  private releaseCurrent: () => void = () => {};

  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection() {
    const release = this.releaseCurrent;
    this.releaseCurrent = () => {};
    this.usage.held = false;
    release();
  }
  async destroy() {
    await this.pglite.close();
  }
}
