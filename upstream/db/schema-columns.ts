import type { ColumnType } from 'kysely';

/** Column types the tables of upstream/db/schema-*.ts share. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type Numeric = ColumnType<string, string | number, string | number>;
export type DateOnly = ColumnType<string, string, string>;
export type JsonList<T> = ColumnType<T[], string, string>;
