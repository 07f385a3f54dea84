import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, CreatedAt } from './schema-columns';

/** Parameters of a stored text: plain values, or keys of the catalogue translated when read. */
export type StoredParams = Record<string, string | number | { key: string }>;

export type OrgType = 'OPERATOR' | 'RENSHE' | 'GUARANTEE' | 'BANK';
type UserState = 'ENABLED' | 'DISABLED' | 'WRITTEN_OFF';

interface OrganizationTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  type: OrgType;
  region_code: string | null;
  state: Generated<'ENABLED' | 'DISABLED'>;
  sort: Generated<number>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface UserTable {
  id: Generated<number>;
  org_id: number | null;
  username: string;
  nickname: string;
  mobile: string | null;
  mail: string | null;
  type: number;
  state: Generated<UserState>;
  password_hash: string;
  locale: string | null;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface RoleTable {
  id: Generated<number>;
  /** The Chinese name, or the one name an administrator typed. */
  name: string;
  /** The English name; empty: the name serves both languages. */
  name_en: Generated<string>;
  description: Generated<string>;
  description_en: Generated<string>;
  /** The role self-registered accounts receive: neither renamed nor deleted. */
  built_in: Generated<boolean>;
  state: Generated<'ENABLED' | 'DISABLED'>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface UserRoleTable { user_id: number; role_id: number }

/** One row: bumped by a trigger with every change of grants (migration-perf.ts). */
interface GrantVersionTable { id: number; version: number }

export interface PermissionTable {
  id: Generated<number>;
  parent_id: number | null;
  kind: 'MENU' | 'BUTTON';
  /** Route path of a menu node; null for buttons and pure groups. */
  path: string | null;
  title_zh: string;
  title_en: string;
  icon: string | null;
  sort: Generated<number>;
  header_group: string | null;
  hidden: Generated<boolean>;
  /** Access value a menu entry needs (SPEC section 6 'auth'); null for none. */
  auth: string | null;
  /** `module::action` of a button. */
  action: string | null;
  /** Component name the power list groups buttons under. */
  component: string | null;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

interface RolePermissionTable { role_id: number; permission_id: number }

interface AuthTokenTable {
  id: Generated<number>;
  token_hash: string;
  uuid: string;
  user_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

interface LoginLimitTable {
  key: string;
  failures: number;
  window_start: Timestamp;
  locked_until: Timestamp | null;
}

interface LoginAddressTable {
  user_id: number;
  /** An IPv4 address or an IPv6 /64 network (lib/net-address.ts addressBucket). */
  address: string;
  last_success_at: Timestamp;
}

interface SmsCodeTable {
  id: Generated<number>;
  mobile: string;
  purpose: 'LOGIN' | 'REGISTER';
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: CreatedAt;
}

interface SmsOutboxTable {
  id: Generated<number>;
  mobile: string;
  template: string;
  content: string;
  client_ip: string | null;
  created_at: CreatedAt;
  /** The template the text was rendered from and its version then (null: a message without a template). */
  template_id: ColumnType<number | null, number | null | undefined, number | null>;
  template_version: ColumnType<number | null, number | null | undefined, number | null>;
}

interface SystemParamTable {
  key: string;
  value: string;
  description: Generated<string>;
  updated_at: Timestamp;
}

interface MessageTable {
  id: Generated<number>;
  user_id: number;
  /** Text of a message written before 0020 (or by hand); a message with a key reads '' here. */
  content: Generated<string>;
  /** The message's text as a key of the service's catalogue and its parameters (core/stored-text.ts), shown in the reader's language. */
  text_key: string | null;
  text_params: ColumnType<StoredParams | null, string | null, string | null>;
  menu_url: string | null;
  has_read: Generated<number>;
  created_at: CreatedAt;
  read_at: Timestamp | null;
}

interface RegionTable {
  code: string;
  name: string;
  /** English name ('' when none: the Chinese one serves both languages). */
  name_en: Generated<string>;
  parent_code: string;
  letter: string;
}

interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  target_type: string;
  target_id: string | null;
  summary: ColumnType<unknown, string, string>;
  /** The actor's organisation and the call's client address (0040; null on older rows). */
  org_id: number | null;
  client_ip: string | null;
  created_at: CreatedAt;
}

/** One password sign-in attempt (0040). */
interface SignInLogTable {
  id: Generated<number>;
  username: string;
  user_id: number | null;
  org_id: number | null;
  outcome: 'SUCCESS' | 'FAILURE' | 'LOCKED';
  client_ip: string;
  created_at: CreatedAt;
}

/** Organisations, users, roles and grants, sign-in, messages, regions and the audit log. */
export interface SystemTables {
  organization: OrganizationTable;
  app_user: UserTable;
  role: RoleTable;
  user_role: UserRoleTable;
  permission: PermissionTable;
  role_permission: RolePermissionTable;
  grant_version: GrantVersionTable;
  auth_token: AuthTokenTable;
  login_limit: LoginLimitTable;
  login_address: LoginAddressTable;
  sms_code: SmsCodeTable;
  sms_outbox: SmsOutboxTable;
  system_param: SystemParamTable;
  message: MessageTable;
  region: RegionTable;
  audit_log: AuditLogTable;
  sign_in_log: SignInLogTable;
}
