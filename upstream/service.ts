import { migrate, openDatabase, type DatabaseOptions, type OpenDatabase } from './db';
import { seedDemo, seedReference } from './db/seed';
import { createUpstreamApp } from './app';
import { defaultOptions, type UpstreamOptions } from './options';
import { scheduleOverdueReminders } from './modules/workflow/overdue';

export interface Service {
  fetch(request: Request): Promise<Response>;
  database: OpenDatabase;
  close(): Promise<void>;
}

/**
 * Opens the database, migrates it, seeds reference data (and demo data when asked), builds the
 * app and schedules the daily overdue reminders.
 */
export async function startService(db: DatabaseOptions & { demo: boolean; options?: Partial<UpstreamOptions> }): Promise<Service> {
  const database = await openDatabase(db);
  try {
    await migrate(database.db);
    await seedReference(database.db);
    if (db.demo) await seedDemo(database.db);
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  const app = createUpstreamApp(database.db, db.options);
  const hour = { ...defaultOptions, ...db.options }.overdueRemindHour;
  const stopReminders = hour === null ? () => {} : scheduleOverdueReminders(database.db, hour);
  return {
    fetch: async (request) => app.fetch(request),
    database,
    close: () => { stopReminders(); return database.close(); },
  };
}
