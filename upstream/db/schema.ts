import type { Selectable } from 'kysely';
import type { PushTables } from './schema-push';
import type { PermissionTable, SystemTables, UserTable } from './schema-system';
import type { ConfigTables } from './schema-config';
import type { CaseTables } from './schema-cases';
import type { ContentTables } from './schema-content';
import type { LoanTables } from './schema-loans';

/** Every table of the service's database, by domain (a file each: upstream/db/schema-*.ts). */
export interface Database extends SystemTables, ConfigTables, CaseTables, ContentTables, PushTables, LoanTables {}

export type { OrgType, StoredParams } from './schema-system';
export type { IssuedIndicator } from './schema-config';
export type { PersonRole } from './schema-cases';
export type { LookupSource, LookupTrigger } from './schema-content';
export type User = Selectable<UserTable>;
export type Permission = Selectable<PermissionTable>;
