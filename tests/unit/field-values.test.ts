import type dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { CallPath } from '../../lib/contract/calls';
import {
  fieldParams, filtersToPayload, filtersToValues, formFieldOf, recordToValues, regionPath, valuesToFilters, valuesToPayload,
} from '@/components/crud/field-values';
import { formatSize, uploadProblem } from '@/components/crud/field-widgets';
import { chinaToday, dayText, dayValue, formatChinaDate, formatChinaTime, isDayText } from '@/lib/china-time';
import type { FieldSpec } from '@/lib/resources/types';

const f = (name: string, kind: FieldSpec['kind'], extra: Partial<FieldSpec> = {}): FieldSpec => ({ name, label: `x.${name}`, kind, ...extra });
const FIELDS: FieldSpec[] = [
  f('amount', 'numberRange'),
  f('date', 'dateRange'),
  f('pinned', 'switch'),
  f('labels', 'tags'),
  f('regionCode', 'region'),
  f('orgId', 'treeSelect', { numeric: true }),
  f('day', 'date'),
  f('name', 'text'),
];

describe('field values: URL -> form -> URL -> payload, by kind', () => {
  const url = {
    amountMin: '1000', amountMax: '50000.5', dateFrom: '2025-01-31', dateTo: '2025-02-28', pinned: 'false',
    labels: '急,复核', regionCode: '430100', orgId: '7', day: '2025-03-01', name: 'abc',
  };

  it('ranges take two URL parameters each', () => {
    expect(FIELDS.flatMap(fieldParams)).toEqual(['amountMin', 'amountMax', 'dateFrom', 'dateTo', 'pinned', 'labels', 'regionCode', 'orgId', 'day', 'name']);
    expect(formFieldOf(FIELDS, 'dateFrom')).toBe('date');
    expect(formFieldOf(FIELDS, 'amountMax')).toBe('amount');
    expect(formFieldOf(FIELDS, 'version')).toBe('version');
  });

  it('reads the URL into the search form and writes it back unchanged', () => {
    const values = filtersToValues(FIELDS, url);
    expect(values.amount).toEqual([1000, 50000.5]);
    expect((values.date as dayjs.Dayjs[]).map(dayText)).toEqual(['2025-01-31', '2025-02-28']);
    expect(values.pinned).toBe('false');
    expect(values.labels).toEqual(['急', '复核']);
    expect(values.regionCode).toBe('430100');
    expect(values.orgId).toBe(7);
    expect(dayText(values.day as dayjs.Dayjs)).toBe('2025-03-01');
    expect(valuesToFilters(FIELDS, values)).toEqual(url);
  });

  it('sends numbers, booleans and arrays typed, and days as they are', () => {
    expect(filtersToPayload(FIELDS, url)).toEqual({
      amountMin: 1000, amountMax: 50000.5, dateFrom: '2025-01-31', dateTo: '2025-02-28', pinned: false,
      labels: ['急', '复核'], regionCode: '430100', orgId: 7, day: '2025-03-01', name: 'abc',
    });
  });

  it('drops what a tampered URL cannot mean, and parameters of no field', () => {
    const bad = { amountMin: '12abc', amountMax: '9', dateFrom: '2025-02-30', dateTo: '2025-03-01', pinned: 'maybe', orgId: 'x', other: '1' };
    expect(filtersToPayload(FIELDS, bad)).toEqual({ amountMax: 9 });
    const values = filtersToValues(FIELDS, bad);
    expect(values.amount).toEqual([null, 9]);
    expect(values.date).toBeUndefined();
    expect(values.pinned).toBeUndefined();
  });

  it('leaves out empty values and an open end of a number range', () => {
    expect(valuesToFilters(FIELDS, { amount: [null, 20], date: undefined, labels: [], name: '  ', pinned: undefined })).toEqual({ amountMax: '20' });
    expect(valuesToFilters(FIELDS, { amount: [0, null], labels: [' a ', ''] })).toEqual({ amountMin: '0', labels: 'a' });
  });
});

describe('field values: record -> edit form -> payload', () => {
  const FORM: FieldSpec[] = [
    f('amount', 'numberRange'), f('period', 'dateRange'), f('pinned', 'switch'), f('labels', 'tags'),
    f('regionCode', 'region'), f('cover', 'file', { upload: { path: 'x/upload' as CallPath, accept: ['png'], maxBytes: 10 } }), f('day', 'date'),
  ];

  it('a row round-trips to the same payload', () => {
    const row = {
      id: 5, amountMin: 100, amountMax: 200, periodFrom: '2025-01-01', periodTo: '2025-12-31', pinned: 1,
      labels: ['a', 'b'], regionCode: '110000', cover: { id: 42, name: 'c.png', size: 2048 }, day: '2025-06-30T16:00:00.000Z',
    };
    const values = recordToValues(FORM, row);
    expect(values.amount).toEqual([100, 200]);
    expect('amountMin' in values).toBe(false);
    expect((values.period as dayjs.Dayjs[]).map(dayText)).toEqual(['2025-01-01', '2025-12-31']);
    expect(values.pinned).toBe(true);
    expect(dayText(values.day as dayjs.Dayjs)).toBe('2025-06-30');
    expect(valuesToPayload(FORM, values)).toEqual({
      id: 5, amountMin: 100, amountMax: 200, periodFrom: '2025-01-01', periodTo: '2025-12-31', pinned: true,
      labels: ['a', 'b'], regionCode: '110000', cover: 42, day: '2025-06-30',
    });
  });

  it('an empty form sends false for a switch, no tags, and nothing for the rest', () => {
    expect(valuesToPayload(FORM, {})).toEqual({ pinned: false, labels: [], cover: undefined, day: undefined });
    expect(valuesToPayload(FORM, { labels: [' x ', ''], cover: null })).toMatchObject({ labels: ['x'], cover: undefined });
  });
});

describe('region codes', () => {
  it('a city lies under its province; a province stands alone', () => {
    expect(regionPath('430100')).toEqual(['430000', '430100']);
    expect(regionPath('430000')).toEqual(['430000']);
    expect(regionPath('43')).toBeUndefined();
    expect(regionPath(undefined)).toBeUndefined();
  });
});

describe('file uploads: what is refused before sending', () => {
  const upload = { accept: ['jpg', 'png', 'pdf'], maxBytes: 10 * 1024 * 1024 };
  it('refuses other endings and files over the size; takes the rest', () => {
    expect(uploadProblem(upload, { name: 'a.exe', size: 10 })).toBe('crud.file.type');
    expect(uploadProblem(upload, { name: 'noending', size: 10 })).toBe('crud.file.type');
    expect(uploadProblem(upload, { name: 'a.PDF', size: upload.maxBytes + 1 })).toBe('crud.file.tooLarge');
    expect(uploadProblem(upload, { name: '扫描件.JPG', size: upload.maxBytes })).toBeNull();
  });
  it('shows sizes as people read them', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(3500)).toBe('3.4 KB');
    expect(formatSize(10 * 1024 * 1024)).toBe('10 MB');
  });
});

describe('China time', () => {
  it("today is China's date whatever the process zone", () => {
    expect(chinaToday(new Date('2025-03-01T15:59:59Z'))).toBe('2025-03-01');
    expect(chinaToday(new Date('2025-03-01T16:00:00Z'))).toBe('2025-03-02');
  });
  it('formats instants on the China clock and leaves day texts alone', () => {
    expect(formatChinaTime('2025-03-01T16:30:00Z')).toBe('2025-03-02 00:30:00');
    expect(formatChinaDate('2025-03-01T16:30:00Z')).toBe('2025-03-02');
    expect(formatChinaDate('2025-03-01')).toBe('2025-03-01');
  });
  it('knows a real day from a look-alike', () => {
    expect(isDayText('2024-02-29')).toBe(true);
    expect(isDayText('2025-02-29')).toBe(false);
    expect(isDayText('2025-1-01')).toBe(false);
    expect(dayValue('2025-13-01')).toBeUndefined();
    expect(dayText(dayValue('2025-12-31')!)).toBe('2025-12-31');
  });
});
