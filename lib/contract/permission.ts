import { z } from './zod';
import { id, line, requiredLine, sort } from './fields';
import { count } from './output';
import { version } from './role';

/**
 * Permissions (DESIGN.md section 6): a tree of menu nodes (pages and their groups) and
 * buttons (`module::action`, always under a menu page).
 */
const PERMISSION_KINDS = ['MENU', 'BUTTON'] as const;
export type PermissionKind = (typeof PERMISSION_KINDS)[number];
const HEADER_GROUPS = ['business', 'setting', 'operation'] as const;

/** A menu's route path: lower-case letters, digits, '-' and '/', starting with '/'. */
const MENU_PATH_PATTERN = /^\/[a-z0-9\-/]*$/;
/** A button's permission string, `module::action` (SPEC.md section 6). */
const BUTTON_ACTION_PATTERN = /^[a-z][a-zA-Z0-9-]*::[a-zA-Z][a-zA-Z0-9-]*$/;
/** An antd icon component name, e.g. SettingOutlined. */
const ICON_PATTERN = /^[A-Z][A-Za-z]+$/;
const TITLE_MAX = 64;

const text = (max: number, key: string) => line(max, key);
const title = (required: string) => requiredLine(TITLE_MAX, required);

/**
 * systemPermisson/saveOrupdate. A save carries the whole node: icon, headerGroup and auth left
 * out (or empty) are none; sort and hidden left out keep their value (a new node goes after its
 * siblings). A menu needs a path, a button an action under a menu page.
 */
export const permissionSaveInput = z.object({
  id: id.optional(),
  version: version.optional(),
  parentId: id.nullable(),
  kind: z.enum(PERMISSION_KINDS, { error: 'validation.permissionKind' }),
  titleZh: title('validation.titleZhRequired'),
  titleEn: title('validation.titleEnRequired'),
  sort: sort.optional(),
  icon: text(64, 'validation.permissionIcon').refine((v) => v === '' || ICON_PATTERN.test(v), 'validation.permissionIcon').nullable().optional(),
  headerGroup: z.union([z.enum(HEADER_GROUPS), z.literal('')], { error: 'validation.headerGroup' }).nullable().optional(),
  hidden: z.boolean({ error: 'validation.invalid' }).optional(),
  auth: text(64, 'validation.tooLong').nullable().optional(),
  path: text(200, 'validation.permissionPath').nullable().optional(),
  action: text(100, 'validation.permissionAction').nullable().optional(),
}).superRefine((value, ctx) => {
  const issue = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
  if (value.id !== undefined && value.version === undefined) issue('version', 'validation.version');
  if (value.kind === 'MENU') {
    if (!value.path) issue('path', 'validation.permissionPathRequired');
    else if (!MENU_PATH_PATTERN.test(value.path)) issue('path', 'validation.permissionPath');
  } else {
    if (!value.action) issue('action', 'validation.permissionActionRequired');
    else if (!BUTTON_ACTION_PATTERN.test(value.action)) issue('action', 'validation.permissionAction');
    if (value.parentId === null) issue('parentId', 'validation.buttonParent');
  }
});
export type PermissionSaveInput = z.input<typeof permissionSaveInput>;

export const permissionIdInput = z.object({ id });

/** Lazy tree rows (DESIGN.md section 3): the children of `id`, or the roots without it. */
export const permissionSonInput = z.object({
  id: id.optional(),
  /** The row's node type as the generic table sends it; the answer does not depend on it. */
  nodeType: line(32).optional(),
});

export interface PermissionNode {
  id: number;
  parentId: number | null;
  kind: PermissionKind;
  /** Route path of a menu node; null for buttons. */
  path: string | null;
  titleZh: string;
  titleEn: string;
  icon: string | null;
  sort: number;
  headerGroup: string | null;
  hidden: boolean;
  /** Access value a menu entry needs; null for none. */
  auth: string | null;
  /** `module::action` of a button; null for menus. */
  action: string | null;
  /** The module of a button's action (its power-list group); null for menus. */
  component: string | null;
  version: number;
  children: PermissionNode[];
}

const permissionFields = {
  id: count, parentId: count.nullable(), kind: z.enum(PERMISSION_KINDS), path: z.string().nullable(), titleZh: z.string(), titleEn: z.string(),
  icon: z.string().nullable(), sort: count, headerGroup: z.string().nullable(), hidden: z.boolean(), auth: z.string().nullable(),
  action: z.string().nullable(), component: z.string().nullable(), version: count,
};
export const permissionNode: z.ZodType<PermissionNode> = z.lazy(() => z.object({ ...permissionFields, children: z.array(permissionNode) }));

/** A lazily loaded row: `children` is always empty, `hasChildren` tells whether to offer expanding it. */
const permissionSonNode = z.object({ ...permissionFields, children: z.array(permissionNode), hasChildren: z.boolean() });
export type PermissionSonNode = z.infer<typeof permissionSonNode>;

/** systemPermisson/permissonSonList and myPermissonSonList. */
export const permissionSonResult = z.object({ list: z.array(permissionSonNode), message: z.string().optional() });
export type PermissionSonResult = z.infer<typeof permissionSonResult>;
