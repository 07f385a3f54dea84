import type { CalendarRow } from '../contract/calendar';
import type { Option, ResourceSpec } from './types';
import './rules/calendar.generated';

const label = (key: string) => `resources.calendar.${key}`;
const KIND_OPTIONS: Option[] = [
  { value: 'HOLIDAY', label: label('holiday'), color: 'red' },
  { value: 'WORKDAY', label: label('workday'), color: 'blue' },
];
const WEEKDAY_OPTIONS: Option[] = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ value: day, label: label(`weekday${day}`) }));

/** The holiday calendar (holidayCalendar): public holidays and make-up working days that working days follow. */
export const calendarSpec: ResourceSpec<CalendarRow> = {
  key: 'calendar',
  rowKey: (row) => row.id,
  list: 'holidayCalendar/list',
  search: [
    { name: 'year', label: label('year'), kind: 'number', bounds: { min: 2000, max: 2100, precision: 0 } },
    { name: 'kind', label: label('kind'), kind: 'select', options: KIND_OPTIONS },
  ],
  columns: [
    { key: 'day', title: label('day'), kind: 'date', sort: 'day' },
    { key: 'weekday', title: label('weekday'), kind: 'enum', options: WEEKDAY_OPTIONS },
    { key: 'kind', title: label('kind'), kind: 'tag', options: KIND_OPTIONS },
    { key: 'name', title: label('name'), ellipsis: true, language: 'zh-CN' },
    { key: 'nameEn', title: label('nameEn'), ellipsis: true, language: 'en' },
    { key: 'updateTime', title: label('updateTime'), kind: 'datetime' },
  ],
  form: {
    save: 'holidayCalendar/add',
    update: 'holidayCalendar/update',
    create: label('add'),
    edit: label('edit'),
    fields: [
      { name: 'day', label: label('day'), kind: 'date', required: true },
      { name: 'kind', label: label('kind'), kind: 'select', options: KIND_OPTIONS, required: true },
      { name: 'name', label: label('name'), kind: 'text', required: true, max: 64 },
      { name: 'nameEn', label: label('nameEn'), kind: 'text', required: true, max: 64 },
    ],
    defaults: { kind: 'HOLIDAY' },
    toValues: (row) => ({ day: row.day, kind: row.kind, name: row.name, nameEn: row.nameEn }),
    toPayload: (values, row) => (row ? { ...values, id: row.id, version: row.version } : values),
  },
  remove: { path: 'holidayCalendar/del', body: (row) => ({ id: row.id, version: row.version }) },
};
