import type { Dayjs } from 'dayjs';
import { dayText, dayValue, isDayText } from '@/lib/china-time';
import type { FieldSpec, UploadedFile } from '@/lib/resources/types';

/**
 * Every conversion of a field's value between the form, the URL (search state) and the call's
 * payload, by kind (the table in lib/resources/types.ts). Pure, so each kind's round trip is
 * tested without a browser.
 */
type Values = Record<string, unknown>;
type Filters = Record<string, string>;

const SUFFIXES = { numberRange: ['Min', 'Max'], dateRange: ['From', 'To'] } as const;

/** The URL (and payload) names a field occupies: a range takes two. */
export function fieldParams(field: FieldSpec): string[] {
  if (field.kind === 'numberRange' || field.kind === 'dateRange') return SUFFIXES[field.kind].map((s) => `${field.name}${s}`);
  return [field.name];
}

/** The form field a payload name belongs to (a 422 on `dateFrom` is shown on `date`). */
export function formFieldOf(fields: FieldSpec[], name: string): string {
  return fields.find((f) => fieldParams(f).includes(name))?.name ?? name;
}

const empty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
const NUMBER = /^-?\d{1,15}(\.\d{1,6})?$/;
const toNumber = (text: string | undefined) => (text !== undefined && NUMBER.test(text) ? Number(text) : undefined);
const toBoolean = (text: string | undefined) => (text === 'true' ? true : text === 'false' ? false : undefined);
const isFile = (value: unknown): value is UploadedFile =>
  typeof value === 'object' && value !== null && 'id' in value && 'name' in value;

/** A number range's ends, each a finite number or null; undefined when both are empty. */
function rangeEnds(value: unknown): [number | null, number | null] | undefined {
  if (!Array.isArray(value)) return undefined;
  const ends = [0, 1].map((i) => (typeof value[i] === 'number' && Number.isFinite(value[i]) ? value[i] as number : null)) as [number | null, number | null];
  return ends[0] === null && ends[1] === null ? undefined : ends;
}

/** Two picker values of a date range, when both are there. */
function dayRange(value: unknown): [string, string] | undefined {
  if (!Array.isArray(value) || !value[0] || !value[1]) return undefined;
  return [dayText(value[0] as Dayjs), dayText(value[1] as Dayjs)];
}

/** URL filters -> search form values. */
export function filtersToValues(fields: FieldSpec[], filters: Filters): Values {
  const values: Values = {};
  for (const field of fields) {
    const raw = filters[field.name];
    switch (field.kind) {
      case 'dateRange': {
        const from = dayValue(filters[`${field.name}From`]), to = dayValue(filters[`${field.name}To`]);
        values[field.name] = from && to ? [from, to] : undefined;
        break;
      }
      case 'numberRange': {
        const ends = [toNumber(filters[`${field.name}Min`]) ?? null, toNumber(filters[`${field.name}Max`]) ?? null];
        values[field.name] = ends[0] === null && ends[1] === null ? undefined : ends;
        break;
      }
      case 'date': values[field.name] = dayValue(raw); break;
      case 'number': values[field.name] = toNumber(raw); break;
      // A yes / no select when searching: its values are the texts.
      case 'switch': values[field.name] = toBoolean(raw) === undefined ? undefined : raw; break;
      case 'multiSelect':
      case 'tags': values[field.name] = raw ? raw.split(',') : undefined; break;
      default: values[field.name] = raw !== undefined && field.numeric ? toNumber(raw) : raw;
    }
  }
  return values;
}

/** Search form values -> URL filters (empty values dropped, text trimmed). */
export function valuesToFilters(fields: FieldSpec[], values: Values): Filters {
  const filters: Filters = {};
  for (const field of fields) {
    const value = values[field.name];
    if (empty(value)) continue;
    switch (field.kind) {
      case 'dateRange': {
        const days = dayRange(value);
        if (days) [filters[`${field.name}From`], filters[`${field.name}To`]] = days;
        break;
      }
      case 'numberRange': {
        const ends = rangeEnds(value);
        if (ends?.[0] != null) filters[`${field.name}Min`] = String(ends[0]);
        if (ends?.[1] != null) filters[`${field.name}Max`] = String(ends[1]);
        break;
      }
      case 'date': filters[field.name] = dayText(value as Dayjs); break;
      case 'file':
      case 'richText': break;
      default:
        if (Array.isArray(value)) {
          const items = value.map((v) => String(v).trim()).filter(Boolean);
          if (items.length) filters[field.name] = items.join(',');
        } else {
          const text = String(value).trim();
          if (text) filters[field.name] = text;
        }
    }
  }
  return filters;
}

/** URL filters -> the search call's payload: numbers and booleans typed, lists as arrays. */
export function filtersToPayload(fields: FieldSpec[], filters: Filters): Values {
  const payload: Values = {};
  const byParam = new Map(fields.flatMap((f) => fieldParams(f).map((p) => [p, f] as const)));
  for (const [name, text] of Object.entries(filters)) {
    const field = byParam.get(name);
    if (!field) continue;
    let value: unknown = text;
    if (field.kind === 'numberRange' || field.kind === 'number' || field.numeric) value = toNumber(text);
    else if (field.kind === 'switch') value = toBoolean(text);
    else if (field.kind === 'multiSelect' || field.kind === 'tags') value = text.split(',').filter(Boolean);
    else if (field.kind === 'date' && !isDayText(text)) value = undefined;
    // A date range counts only whole, as the form shows it.
    else if (field.kind === 'dateRange' && !fieldParams(field).every((p) => isDayText(filters[p]))) value = undefined;
    if (value !== undefined) payload[name] = value;
  }
  return payload;
}

/** A record (a row, or the spec's toValues of it) -> edit form values. */
export function recordToValues(fields: FieldSpec[], record: Values): Values {
  const values: Values = { ...record };
  for (const field of fields) {
    const raw = record[field.name];
    switch (field.kind) {
      case 'dateRange': {
        const from = dayValue(record[`${field.name}From`]), to = dayValue(record[`${field.name}To`]);
        values[field.name] = from && to ? [from, to] : raw;
        delete values[`${field.name}From`];
        delete values[`${field.name}To`];
        break;
      }
      case 'numberRange': {
        const min = record[`${field.name}Min`], max = record[`${field.name}Max`];
        if (min !== undefined || max !== undefined) values[field.name] = [typeof min === 'number' ? min : null, typeof max === 'number' ? max : null];
        delete values[`${field.name}Min`];
        delete values[`${field.name}Max`];
        break;
      }
      case 'date': if (typeof raw === 'string') values[field.name] = dayValue(raw.slice(0, 10)); break;
      case 'switch': if (raw !== undefined && raw !== null) values[field.name] = Boolean(raw); break;
      default: break;
    }
  }
  return values;
}

/** Edit form values -> the save call's payload (before the spec's own toPayload). */
export function valuesToPayload(fields: FieldSpec[], values: Values): Values {
  const payload: Values = { ...values };
  for (const field of fields) {
    const value = values[field.name];
    switch (field.kind) {
      case 'dateRange': {
        delete payload[field.name];
        const days = dayRange(value);
        if (days) [payload[`${field.name}From`], payload[`${field.name}To`]] = days;
        break;
      }
      case 'numberRange': {
        delete payload[field.name];
        const ends = rangeEnds(value);
        if (ends?.[0] != null) payload[`${field.name}Min`] = ends[0];
        if (ends?.[1] != null) payload[`${field.name}Max`] = ends[1];
        break;
      }
      case 'date': payload[field.name] = value ? dayText(value as Dayjs) : undefined; break;
      case 'switch': payload[field.name] = Boolean(value); break;
      case 'tags': payload[field.name] = Array.isArray(value) ? value.map((v) => String(v).trim()).filter(Boolean) : []; break;
      case 'file': payload[field.name] = isFile(value) ? value.id : undefined; break;
      // The editor's HTML as it is ('' when empty): the service sanitises it.
      case 'richText': payload[field.name] = typeof value === 'string' ? value : ''; break;
      default: break;
    }
  }
  return payload;
}

/** The province and city a region code stands for: a province is `PP0000`, its cities `PPCC00`. */
export function regionPath(code: unknown): [string, string?] | undefined {
  if (typeof code !== 'string' || !/^\d{6}$/.test(code)) return undefined;
  const province = `${code.slice(0, 2)}0000`;
  return province === code ? [code] : [province, code];
}
