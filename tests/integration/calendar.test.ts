import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { addWorkingDays, type WorkCalendar } from '../../lib/workflow/working-days';
import { SEEDED_CALENDAR } from '../../upstream/db/calendar-data';
import { loadCalendar } from '../../upstream/modules/calendar/store';
import { describeUpstream } from './harness';
import { expectFields, userId } from './helpers';
import { createCase, key } from './workflow-fixtures';

const china = (text: string) => new Date(`${text}+08:00`);

describeUpstream('holiday calendar (holidayCalendar) and the working days that follow it', (up) => {
  const tokens: Record<string, string> = {};
  const ids = {} as Record<'renshe2', number>;
  beforeAll(async () => {
    for (const name of ['admin', 'renshe'] as const) tokens[name] = await up().login(name);
    ids.renshe2 = await userId(up().db, 'renshe2');
  });
  const call = (path: string, body: object, who = 'admin') => up().call(path, body, { token: tokens[who] ?? who });
  /** Every row of a search, page by page (30 a page). */
  const list = async (body: object) => {
    const rows: any[] = [];
    for (let pageNum = 1; ; pageNum += 1) {
      const res = await call('holidayCalendar/list', { pageNum, pageSize: 30, ...body });
      expect(res.body.code, res.body.message).toBe(200);
      rows.push(...res.body.data.list);
      if (pageNum >= res.body.data.totalPage) return { list: rows, total: res.body.data.total as number };
    }
  };

  /** Sets the service's clock to a China time. */
  const setClock = (text: string) => up().clock.advance(china(text).getTime() - up().clock.now().getTime());

  /** A case at the first renshe stage approved at `when` (China time) into the second, whose limit is 3 working days: its new deadline. */
  async function deadlineAfterCheck(when: string) {
    return (await caseAfterCheck(when)).deadline;
  }

  /** Like deadlineAfterCheck, with the case's id. */
  async function caseAfterCheck(when: string) {
    const limit = await up().db.selectFrom('overtime_config').select('days').where('stage', '=', 'RS_SECOND').executeTakeFirstOrThrow();
    expect(limit.days).toBe(3);
    const app = await createCase(up().db);
    setClock(when);
    try {
      // Signed in at that time: a token lasts a day.
      const token = await up().login('renshe');
      const res = await call('businessClubFirstTrial/check', { id: app.id, version: app.version, key: key(), opinion: '', nextUserId: ids.renshe2 }, token);
      expect(res.body.code, res.body.message).toBe(200);
    } finally {
      up().clock.advance(-up().clock.now().getTime() + Date.now());
    }
    return { id: app.id, deadline: await deadlineOf(app.id) };
  }

  const deadlineOf = async (id: number) =>
    new Date((await up().db.selectFrom('application').select('deadline').where('id', '=', id).executeTakeFirstOrThrow()).deadline!);

  /** The deadline is `text` (China time) give or take the moments the call took. */
  const expectAt = (deadline: Date, text: string) => {
    const late = deadline.getTime() - china(text).getTime();
    expect(late, deadline.toISOString()).toBeGreaterThanOrEqual(0);
    expect(late, deadline.toISOString()).toBeLessThan(60_000);
  };

  describe('the seeded calendar', () => {
    it('holds the State Council\'s 2026 holidays and make-up working days, and the 2027 public holidays', async () => {
      const year2026 = await list({ year: 2026 });
      expect(year2026.total).toBe(SEEDED_CALENDAR.filter((d) => d.day.startsWith('2026')).length);
      const workdays = await list({ year: 2026, kind: 'WORKDAY' });
      expect(workdays.list.map((d: { day: string }) => d.day)).toEqual(['2026-01-04', '2026-02-14', '2026-02-28', '2026-05-09', '2026-09-20', '2026-10-10']);
      // Every make-up day is a Saturday or a Sunday.
      for (const d of workdays.list) expect([6, 7]).toContain(d.weekday);
      const national = year2026.list.filter((d: { name: string }) => d.name === '国庆节');
      expect(national.map((d: { day: string }) => d.day)).toEqual(['2026-10-01', '2026-10-02', '2026-10-03', '2026-10-04', '2026-10-05', '2026-10-06', '2026-10-07']);
      expect(national[0]).toMatchObject({ kind: 'HOLIDAY', nameEn: 'National Day', weekday: 4 });
      const spring2027 = (await list({ year: 2027 })).list.filter((d: { nameEn: string }) => d.nameEn === 'Spring Festival');
      expect(spring2027.map((d: { day: string }) => d.day)).toEqual(['2027-02-05', '2027-02-06', '2027-02-07', '2027-02-08']);
    });
  });

  describe('deadlines', () => {
    it('a deadline spanning the National Day holiday skips the seven days off', async () => {
      // Tuesday 29 September + 3: Wednesday 30th, then Thursday 8 and Friday 9 October.
      expectAt(await deadlineAfterCheck('2026-09-29T10:00:00'), '2026-10-09T10:00:00');
    });

    it('a make-up Saturday counts as a working day', async () => {
      // Friday 9 October + 3: Saturday 10th (worked), Monday 12th, Tuesday 13th.
      expectAt(await deadlineAfterCheck('2026-10-09T10:00:00'), '2026-10-13T10:00:00');
    });

    it('a holiday an administrator adds moves the deadlines of cases entering a stage afterwards, and removing it moves them back', async () => {
      const added = await call('holidayCalendar/add', { day: '2026-11-30', kind: 'HOLIDAY', name: '测试假日', nameEn: 'Test holiday' });
      expect(added.body.code, added.body.message).toBe(200);
      expect(added.body.data).toMatchObject({ day: '2026-11-30', weekday: 1, kind: 'HOLIDAY', version: 1 });
      // Friday 27 November + 3 skips Monday 30th: Tuesday, Wednesday, Thursday 3 December.
      expectAt(await deadlineAfterCheck('2026-11-27T16:00:00'), '2026-12-03T16:00:00');
      const removed = await call('holidayCalendar/del', { id: added.body.data.id, version: added.body.data.version });
      expect(removed.body.code, removed.body.message).toBe(200);
      expectAt(await deadlineAfterCheck('2026-11-27T16:00:00'), '2026-12-02T16:00:00');
    });
  });

  describe('deadlines already set', () => {
    it('move with a change of a day inside their window, audited, while closed cases and other windows keep theirs', async () => {
      // Friday 11 December + 3: Monday 14th, Tuesday 15th, Wednesday 16th.
      const open = await caseAfterCheck('2026-12-11T16:00:00');
      const closed = await caseAfterCheck('2026-12-11T16:00:00');
      expectAt(open.deadline, '2026-12-16T16:00:00');
      await up().db.updateTable('application').set({ status: 'REFUSED' }).where('id', '=', closed.id).execute();
      // Entered on Tuesday 15th: its window starts on the 16th (18th the deadline).
      const later = await caseAfterCheck('2026-12-15T10:00:00');
      expectAt(later.deadline, '2026-12-18T10:00:00');
      const moves = async (id: number) => (await up().db.selectFrom('audit_log').select(['action', 'summary', 'actor_id'])
        .where('target_type', '=', 'application').where('target_id', '=', String(id)).where('action', '=', 'application.deadline').orderBy('id').execute());

      // A holiday on Tuesday 15th: the open case's deadline moves to Thursday 17th.
      const added = await call('holidayCalendar/add', { day: '2026-12-15', kind: 'HOLIDAY', name: '测试假日', nameEn: 'Test holiday' });
      expect(added.body.code, added.body.message).toBe(200);
      expectAt(await deadlineOf(open.id), '2026-12-17T16:00:00');
      expect(await deadlineOf(closed.id)).toEqual(closed.deadline);
      expect(await deadlineOf(later.id)).toEqual(later.deadline);
      const [line] = await moves(open.id);
      expect(line).toMatchObject({ actor_id: await userId(up().db, 'admin'), summary: { calendarDays: ['2026-12-15'] } });
      expect(new Date((line!.summary as { before: { deadline: string } }).before.deadline)).toEqual(open.deadline);
      expectAt(new Date((line!.summary as { after: { deadline: string } }).after.deadline), '2026-12-17T16:00:00');

      // The day becomes a make-up working Saturday the 12th: the 15th is worked again and the 12th too, so three working days end on the 15th.
      const moved = await call('holidayCalendar/update', { id: added.body.data.id, version: added.body.data.version, day: '2026-12-12', kind: 'WORKDAY', name: '测试调休', nameEn: 'Test working day' });
      expect(moved.body.code, moved.body.message).toBe(200);
      expectAt(await deadlineOf(open.id), '2026-12-15T16:00:00');
      // Renaming a day changes no deadline.
      const renamed = await call('holidayCalendar/update', { id: added.body.data.id, version: moved.body.data.version, day: '2026-12-12', kind: 'WORKDAY', name: '调休', nameEn: 'Working day' });
      expect(renamed.body.code, renamed.body.message).toBe(200);
      expect(await moves(open.id)).toHaveLength(2);

      // Removing it: Saturday is off again, the deadline is Wednesday 16th as at first.
      const removed = await call('holidayCalendar/del', { id: added.body.data.id, version: renamed.body.data.version });
      expect(removed.body.code, removed.body.message).toBe(200);
      expect(await deadlineOf(open.id)).toEqual(open.deadline);
      expect(await moves(open.id)).toHaveLength(3);
      expect(await deadlineOf(later.id)).toEqual(later.deadline);
      expect(await moves(closed.id)).toEqual([]);
      expect(await moves(later.id)).toEqual([]);
    });
  });

  describe('the SQL working-day functions agree with the service', () => {
    it('working_days and add_working_days count the calendar like lib/workflow/working-days.ts, day by day through 2026', async () => {
      const calendar: WorkCalendar = await loadCalendar(up().db);
      const starts: Date[] = [];
      for (let t = china('2025-12-25T09:30:00').getTime(); t < china('2027-01-10T00:00:00').getTime(); t += 86_400_000) starts.push(new Date(t));
      const { rows } = await sql<{ start: Date; due: Date; waited: number }>`
        select s as start, add_working_days(s, 3) as due, working_days(s, s + interval '12 days') as waited
        from unnest(${starts.map((d) => d.toISOString())}::timestamptz[]) s`.execute(up().db);
      expect(rows).toHaveLength(starts.length);
      for (const row of rows) {
        const start = new Date(row.start);
        expect(new Date(row.due), start.toISOString()).toEqual(addWorkingDays(start, 3, calendar));
      }
      // Across the Spring Festival: from Friday 13 February to Wednesday 25 February, only 14, 24 and 25 are worked.
      const spring = rows.find((r) => new Date(r.start).getTime() === china('2026-02-13T09:30:00').getTime())!;
      expect(Number(spring.waited)).toBe(3);
    });
  });

  describe('changes', () => {
    it('refuses bad input naming the field, a day taken twice, a stale version; writes nothing', async () => {
      const before = (await list({})).total;
      expectFields(await call('holidayCalendar/add', { day: '2026-02-30', kind: 'HOLIDAY', name: 'x', nameEn: 'x' }), { day: 'validation.date' });
      expectFields(await call('holidayCalendar/add', { day: '2026-12-01', kind: 'SOMETIMES', name: 'x', nameEn: 'x' }), { kind: 'validation.calendarKind' });
      expectFields(await call('holidayCalendar/add', { day: '2026-12-01', kind: 'HOLIDAY', name: ' ', nameEn: 'x' }), { name: 'validation.calendarNameRequired' });
      expectFields(await call('holidayCalendar/add', { day: '2026-12-01', kind: 'HOLIDAY', name: 'x', nameEn: '' }), { nameEn: 'validation.calendarNameEnRequired' });
      expectFields(await call('holidayCalendar/add', { day: '2026-10-01', kind: 'HOLIDAY', name: '国庆', nameEn: 'National Day' }), { day: 'validation.calendarDayTaken' });
      expectFields(await call('holidayCalendar/list', { pageNum: 1, pageSize: 10, year: 1900 }), { year: 'validation.year' });
      expect((await list({})).total).toBe(before);

      const [row] = (await list({ year: 2027, kind: 'HOLIDAY' })).list as { id: number; day: string; version: number; name: string }[];
      const changed = await call('holidayCalendar/update', { id: row!.id, version: row!.version, day: row!.day, kind: 'HOLIDAY', name: '元旦节', nameEn: 'New Year' });
      expect(changed.body.data).toMatchObject({ name: '元旦节', nameEn: 'New Year', version: row!.version + 1 });
      const stale = await call('holidayCalendar/update', { id: row!.id, version: row!.version, day: row!.day, kind: 'HOLIDAY', name: '元旦', nameEn: 'New Year\'s Day' });
      expect(stale.status).toBe(409);
      const audit = await up().db.selectFrom('audit_log').select('action').where('target_type', '=', 'calendarDay').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(audit.action).toBe('calendarDay.update');
    });

    it('needs the calendar page to read and its buttons to change', async () => {
      expect((await call('holidayCalendar/list', { pageNum: 1, pageSize: 10 }, 'renshe')).status).toBe(403);
      expect((await call('holidayCalendar/add', { day: '2026-12-01', kind: 'HOLIDAY', name: 'x', nameEn: 'x' }, 'renshe')).status).toBe(403);
    });
  });
});
