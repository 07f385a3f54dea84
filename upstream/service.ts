import { Hono } from 'hono';
import { migrate, openDatabase, schemaUpToDate, type DatabaseOptions, type OpenDatabase } from './db';
import { seedDemo, seedReference } from './db/seed';
import { createCallDispatch, createUpstreamApp } from './app';
import { defaultOptions, type UpstreamOptions } from './options';
import { scheduleDailyJobs } from './modules/workflow/overdue';
import { fillSubsidies } from './modules/subsidy/backfill';
import { openMissingAccounts } from './modules/loans/backfill';
import { outboxBacklog, startPushWorker } from './modules/push/worker';
import { AppError } from './core/errors';
import { answerResponse, errorAnswer, honoRequest, type CallAnswer, type CallRequest } from './core/dispatch';
import { localeOf, translator } from './core/i18n';
import { CODES } from '../lib/contract/common';
import { reportDatabase, type DatabaseProbe } from '../lib/http/metrics';

export interface Service {
  /** A call over HTTP. */
  fetch(request: Request): Promise<Response>;
  /** The same call in-process, without HTTP's Request and Response (the BFF's transport). */
  call(request: CallRequest): Promise<CallAnswer>;
  database: OpenDatabase;
  close(): Promise<void>;
}

export type StartOptions = DatabaseOptions & {
  demo: boolean;
  options?: Partial<UpstreamOptions>;
  /**
   * Migrate and seed the reference data at start (the default). False (MIGRATE_ON_START=false):
   * a replica that leaves this to `npm run migrate` and waits, answering 503 'starting', until
   * the database holds every migration it knows.
   */
  migrate?: boolean;
  /** How often a replica that does not migrate looks again (ms). */
  schemaPollMs?: number;
};

async function waitForSchema(database: OpenDatabase, pollMs: number): Promise<void> {
  // The timer does not keep the process alive: a stopping replica that never saw its migration just exits.
  while (!(await schemaUpToDate(database.db))) await new Promise((resolve) => setTimeout(resolve, pollMs).unref());
}

/**
 * Opens the database, migrates it and seeds reference data (and demo data when asked) unless
 * told not to migrate (then waits for the migration step), builds the
 * app, schedules the daily jobs (returned-case time-outs, overdue reminders) and starts the outbox worker.
 */
async function startService(db: StartOptions): Promise<Service> {
  const database = await openDatabase(db);
  try {
    if (db.migrate === false) {
      await waitForSchema(database, db.schemaPollMs ?? 2000);
    } else {
      await migrate(database.db);
      await seedReference(database.db);
      if (db.demo) await seedDemo(database.db);
      // Loans issued before accounts existed get theirs, in short batches (a no-op once done).
      await openMissingAccounts(database.db);
      await fillSubsidies(database.db);
    }
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  const dispatch = createCallDispatch(database.db, db.options);
  const app = createUpstreamApp(database.db, db.options, dispatch);
  const options = { ...defaultOptions, ...db.options };
  const stopDailyJobs = scheduleDailyJobs(database.db, options.overdueRemindHour);
  const worker = options.push.worker ? startPushWorker(database.db, options) : null;
  const probe: DatabaseProbe = { pool: () => database.pool(), outboxBacklog: () => outboxBacklog(database.db) };
  reportDatabase(probe);
  return {
    fetch: async (request) => app.fetch(request),
    call: dispatch,
    database,
    close: async () => {
      stopDailyJobs();
      // The worker first: its deliveries in flight end (or are cut short and left to be retried) before the database closes.
      await worker?.stop();
      reportDatabase(undefined, probe);
      return database.close();
    },
  };
}

/** The service while it starts: answers every call right away, before the database is ready. */
export interface LaunchedService {
  /** A call: served once the service is ready; until then 503 in the envelope ('the service is starting'). */
  fetch(request: Request): Promise<Response>;
  /** The same, in-process (see Service.call). */
  call(request: CallRequest): Promise<CallAnswer>;
  /** Resolves true once the service is ready, false when `ms` pass first or the start failed. */
  whenReady(ms: number): Promise<boolean>;
  /** The started service; rejects when the start failed. */
  ready: Promise<Service>;
}

/** Every call before the service is ready: 503, written by the one converter of errors. */
const starting = (request: CallRequest) =>
  errorAnswer(request, new AppError(CODES.unavailable, 'starting'), translator(localeOf(request.header('accept-language'))));
const startingApp = new Hono().all('*', (c) => answerResponse(starting(honoRequest(c))));

/**
 * Starts the service without waiting for it: the caller can listen at once, and a call
 * that comes before migrations and the seed are done waits (see whenReady) or is told
 * the service is starting, never answered with an error of the service.
 */
export function launchService(db: StartOptions): LaunchedService {
  let service: Service | undefined;
  const ready = startService(db).then((started) => (service = started));
  const settled = ready.then(() => true, () => false);
  return {
    ready,
    fetch: async (request) => (service ? service.fetch(request) : startingApp.fetch(request)),
    call: async (request) => (service ? service.call(request) : starting(request)),
    async whenReady(ms) {
      if (service) return true;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), ms); });
      try {
        return await Promise.race([settled, late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
