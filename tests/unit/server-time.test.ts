import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDateTime, chinaDayEnd, chinaDayStart, chinaHour, chinaMonthStart, chinaToday } from '@/upstream/core/china-time';
import * as ui from '@/lib/china-time';

// The product's day and every displayed time are China's whatever the process's or browser's zone.
for (const zone of ['America/New_York', 'UTC', 'Europe/London']) {
  describe(`China time with TZ=${zone}`, () => {
    const before = process.env.TZ;
    beforeAll(() => { process.env.TZ = zone; });
    afterAll(() => { process.env.TZ = before; });

    it('runs in that zone', () => {
      expect(new Date('2026-01-15T12:00:00Z').getTimezoneOffset()).toBe(zone === 'America/New_York' ? 300 : 0);
    });

    it('the service: 07:30 China time on the 1st is the 1st and its month, though the UTC (and New York) date is the day before', () => {
      const early = new Date('2026-03-01T07:30:00+08:00');
      expect(chinaToday(early)).toBe('2026-03-01');
      expect(chinaMonthStart(early)).toBe('2026-03-01');
      expect(chinaHour(early)).toBe(7);
      expect(chinaDateTime(early)).toBe('2026-03-01 07:30:00');
      expect(chinaDayStart('2026-03-01').toISOString()).toBe('2026-02-28T16:00:00.000Z');
      expect(chinaDayEnd('2026-03-01').toISOString()).toBe('2026-03-01T16:00:00.000Z');
      // 23:59:59 China time is still that day; a second later the next.
      expect(chinaToday(new Date('2026-02-28T15:59:59Z'))).toBe('2026-02-28');
      expect(chinaToday(new Date('2026-02-28T16:00:00Z'))).toBe('2026-03-01');
    });

    it('the UI: the same day and time on screen as in exports', () => {
      const early = new Date('2026-03-01T07:30:00+08:00');
      expect(ui.chinaToday(early)).toBe('2026-03-01');
      expect(ui.formatChinaTime(early)).toBe('2026-03-01 07:30:00');
      expect(ui.formatChinaTime(early)).toBe(chinaDateTime(early));
      expect(ui.formatChinaDate('2026-02-28T23:30:00Z')).toBe('2026-03-01');
      // A day picked in a date picker stays that day whatever the zone.
      expect(ui.dayText(ui.dayValue('2026-03-01')!)).toBe('2026-03-01');
    });
  });
}
