import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { WorkCalendar } from '../../../lib/workflow/working-days';
import { dateText } from '../workflow/rows';

/** The calendar as working days need it (lib/workflow/working-days.ts): read in the caller's transaction. */
export async function loadCalendar(db: Kysely<Database>): Promise<WorkCalendar> {
  const rows = await db.selectFrom('calendar_day').select(['kind']).select(dateText('day').as('day')).execute();
  const holidays = new Set<string>(), workdays = new Set<string>();
  for (const row of rows) (row.kind === 'WORKDAY' ? workdays : holidays).add(row.day!);
  return { holidays, workdays };
}
