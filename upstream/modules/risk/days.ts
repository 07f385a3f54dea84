/** China's calendar day (YYYY-MM-DD) at an instant: China keeps +08:00 all year. */
export const chinaToday = (now: Date) => new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** The instant a China calendar day (YYYY-MM-DD) ends: the next day's midnight at +08:00. */
export const chinaDayEnd = (day: string) => new Date(new Date(`${day}T00:00:00+08:00`).getTime() + 86_400_000);
