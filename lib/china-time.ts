import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/**
 * The product's day is China's (Asia/Shanghai, UTC+8 all year, no daylight saving) whatever
 * the browser's zone (DESIGN.md section 5). This is the UI side: what 'today' is, how an
 * instant is shown, and how a calendar day travels between a date picker and the text
 * 'YYYY-MM-DD' that the URL and the service use. The service reads such a day as a whole
 * China day (00:00 to 24:00 at +08:00).
 */
const CHINA_OFFSET_MINUTES = 8 * 60;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An instant on China's wall clock. */
const inChina = (instant: Date | string | number) => dayjs(instant).utcOffset(CHINA_OFFSET_MINUTES);

/** Today's date in China, as 'YYYY-MM-DD'. */
export const chinaToday = (now: Date = new Date()) => inChina(now).format('YYYY-MM-DD');

/** Whether a text is a real calendar day 'YYYY-MM-DD'. */
export function isDayText(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A calendar day as a date picker's value (the picker shows that day whatever the browser's
 * zone); undefined for anything that is not a real day.
 */
export const dayValue = (day: unknown): Dayjs | undefined => (isDayText(day) ? dayjs(`${day}T00:00:00`) : undefined);

/** The calendar day a date picker's value stands for, as 'YYYY-MM-DD'. */
export const dayText = (value: Dayjs) => value.format('YYYY-MM-DD');

/** Today (China's) as a date picker's value. */
export const todayValue = (now: Date = new Date()) => dayValue(chinaToday(now))!;

/** A date as tables show it: a day text as it is, an instant as its China date. */
export const formatChinaDate = (value: Date | string | number) => (isDayText(value) ? value : inChina(value).format('YYYY-MM-DD'));

/** An instant as tables show it, on China's clock. */
export const formatChinaTime = (value: Date | string | number) => inChina(value).format('YYYY-MM-DD HH:mm:ss');
