/**
 * The service's clock for people (DESIGN.md section 5): China's day (Asia/Shanghai, +08:00
 * all year, no daylight saving) whatever the process's zone. Every 'today', month and China
 * day boundary the service computes comes from here.
 */
const CHINA_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** China's calendar day at an instant, 'YYYY-MM-DD'. */
export const chinaToday = (now: Date) => new Date(now.getTime() + CHINA_MS).toISOString().slice(0, 10);

/** The instant a China day 'YYYY-MM-DD' begins. */
export const chinaDayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** The instant a China day 'YYYY-MM-DD' ends: the next day's midnight at +08:00. */
export const chinaDayEnd = (day: string) => new Date(chinaDayStart(day).getTime() + DAY_MS);

/** The first day of China's month at an instant, 'YYYY-MM-01'. */
export const chinaMonthStart = (now: Date) => `${chinaToday(now).slice(0, 7)}-01`;

/** The hour (0-23) on China's clock at an instant. */
export const chinaHour = (now: Date) => new Date(now.getTime() + CHINA_MS).getUTCHours();

/** An instant on China's wall clock as 'YYYY-MM-DD HH:mm:ss'. */
export const chinaDateTime = (instant: Date | string) => new Date(new Date(instant).getTime() + CHINA_MS).toISOString().slice(0, 19).replace('T', ' ');

/** The China day `days` before a China day ('YYYY-MM-DD'). */
export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}
