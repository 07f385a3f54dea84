import type { CalendarKind } from '../../lib/contract/calendar';

/** One day of the seeded holiday calendar. */
export interface CalendarSeedDay { day: string; kind: CalendarKind; name: string; nameEn: string }

const NAMES = {
  newYear: ['元旦', 'New Year\'s Day'],
  spring: ['春节', 'Spring Festival'],
  qingming: ['清明节', 'Qingming Festival'],
  labour: ['劳动节', 'Labour Day'],
  dragonBoat: ['端午节', 'Dragon Boat Festival'],
  midAutumn: ['中秋节', 'Mid-Autumn Festival'],
  national: ['国庆节', 'National Day'],
} as const;
type Festival = keyof typeof NAMES;

/** Every day from `from` through `to` ('YYYY-MM-DD') as holidays of the festival. */
function holidays(festival: Festival, from: string, to = from): CalendarSeedDay[] {
  const [name, nameEn] = NAMES[festival];
  const days: CalendarSeedDay[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    days.push({ day: new Date(t).toISOString().slice(0, 10), kind: 'HOLIDAY', name, nameEn });
  }
  return days;
}

/** A weekend day worked in place of the festival's holidays (调休上班). */
function workday(festival: Festival, day: string): CalendarSeedDay {
  const [name, nameEn] = NAMES[festival];
  return { day, kind: 'WORKDAY', name: `${name}调休上班`, nameEn: `${nameEn} make-up working day` };
}

/**
 * 2026: the State Council's arrangement (国务院办公厅关于2026年部分节假日安排的通知, 2025-11-04).
 * 2027: only the statutory public holidays (全国年节及纪念日放假办法) on their 2027 dates; the
 * State Council's arrangement for 2027 (bridging days and make-up working days) was not
 * published when this calendar was seeded, so an administrator adds it on the holiday screen.
 */
export const SEEDED_CALENDAR: CalendarSeedDay[] = [
  ...holidays('newYear', '2026-01-01', '2026-01-03'), workday('newYear', '2026-01-04'),
  workday('spring', '2026-02-14'), ...holidays('spring', '2026-02-15', '2026-02-23'), workday('spring', '2026-02-28'),
  ...holidays('qingming', '2026-04-04', '2026-04-06'),
  ...holidays('labour', '2026-05-01', '2026-05-05'), workday('labour', '2026-05-09'),
  ...holidays('dragonBoat', '2026-06-19', '2026-06-21'),
  workday('national', '2026-09-20'),
  ...holidays('midAutumn', '2026-09-25', '2026-09-27'),
  ...holidays('national', '2026-10-01', '2026-10-07'), workday('national', '2026-10-10'),

  ...holidays('newYear', '2027-01-01'),
  ...holidays('spring', '2027-02-05', '2027-02-08'),
  ...holidays('qingming', '2027-04-05'),
  ...holidays('labour', '2027-05-01', '2027-05-02'),
  ...holidays('dragonBoat', '2027-06-09'),
  ...holidays('midAutumn', '2027-09-15'),
  ...holidays('national', '2027-10-01', '2027-10-03'),
];
