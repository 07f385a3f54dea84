import type { FieldName } from '../contract/rules';
import type { CallPath } from '../contract/calls';

/**
 * A resource spec: everything a search + table + modal screen needs, run by the engine in
 * components/crud (DESIGN.md section 8.5). Texts are message keys, resolved in the current
 * language; permissions are `module::action` strings (SPEC.md section 6).
 */
export interface Option { value: string | number; label: string; color?: string }

export type FieldKind = 'text' | 'password' | 'textarea' | 'number' | 'select' | 'multiSelect' | 'switch' | 'date' | 'dateRange' | 'treeSelect';

export interface FieldSpec {
  name: string;
  /** Message key of the label. */
  label: string;
  kind: FieldKind;
  /** Fixed options (labels are message keys) for select kinds. */
  options?: Option[];
  /** Options loaded from a call: the call's path and how to map its answer (labels are shown as they come). */
  source?: { path: CallPath; body?: Record<string, unknown>; toOptions: (data: unknown) => Option[] | TreeOption[] };
  /** The value is an id or number (sent as a number, not text). */
  numeric?: boolean;
  required?: boolean;
  /** A contract rule (lib/contract/rules.ts) the value must pass. */
  rule?: FieldName;
  /** A further check: returns a message key or null. */
  check?: (value: unknown, values: Record<string, unknown>) => string | null;
  max?: number;
  /** Shown only when creating (not editing), or only when editing. */
  only?: 'create' | 'edit';
  /** Not editable once created. */
  locked?: boolean;
  placeholder?: string;
}

export interface TreeOption { value: string | number; title: string; children?: TreeOption[] }

export type ColumnKind = 'text' | 'enum' | 'date' | 'datetime' | 'money' | 'tag' | 'masked' | 'boolean';

export interface ColumnSpec<Row> {
  key: string;
  title: string;
  kind?: ColumnKind;
  /** enum/tag: value -> label key (and colour). */
  options?: Option[];
  /** Reads the cell value (default: row[key]). */
  value?: (row: Row) => unknown;
  width?: number;
  /** The order key sent when sorting by this column (ascending; descending is prefixed with '-'). */
  sort?: string;
  ellipsis?: boolean;
  /** A tag shown after the value when the row calls for it (e.g. overdue); its label is a message key. */
  flag?: (row: Row) => Option | null;
}

export interface RowAction<Row> {
  key: string;
  /** Message key of the label; may depend on the row (e.g. enable / disable). */
  label: string | ((row: Row) => string);
  /** The button permission; without one every user who sees the screen has the action (e.g. details). */
  permission?: string;
  /** Whether the action applies to the row. */
  when?: (row: Row) => boolean;
  danger?: boolean;
  /** Listed in the row's 'more' menu instead of as a button of its own (rows with many actions). */
  more?: boolean;
  /** A confirmed call: message key of the question, the call and its payload. */
  confirm?: { question: string | ((row: Row) => string); path: CallPath; body: (row: Row) => Record<string, unknown>; done?: string };
  /** A dialog of its own (e.g. assign roles): rendered by the screen with the row. */
  dialog?: string;
}

export interface ResourceSpec<Row> {
  /** Also the message namespace under `resources`. */
  key: string;
  rowKey: (row: Row) => string | number;
  /**
   * The search call: POST with pageNum, pageSize, order and the search form, answering a page;
   * for a tree, POST with the search form answering { list, message? } of the top rows.
   */
  list: CallPath;
  /** Fixed parameters sent with every search call (e.g. a workbench's stage). */
  params?: Record<string, unknown>;
  /** Lazily loaded tree rows: children come from this call with { id, nodeType }. */
  tree?: { path: CallPath; hasChildren: (row: Row) => boolean; nodeType?: (row: Row) => string };
  search: FieldSpec[];
  columns: ColumnSpec<Row>[];
  form?: {
    fields: FieldSpec[];
    save: CallPath;
    /** The call that saves an edited row, when it is not `save` (e.g. add and update calls). */
    update?: CallPath;
    /** Message keys of the dialog titles. */
    create: string;
    edit: string;
    createPermission: string;
    editPermission: string;
    /** Form values of a row being edited. */
    toValues?: (row: Row) => Record<string, unknown>;
    /** The save payload: the values plus what the call needs (id, version). */
    toPayload?: (values: Record<string, unknown>, row: Row | null) => Record<string, unknown>;
    /** Values preset when creating (e.g. the parent of a new tree node). */
    defaults?: Record<string, unknown>;
    /** A dialog (by key) opened with the save call's answer, e.g. a generated password shown once. */
    afterSave?: string;
  };
  remove?: { path: CallPath; permission: string; batch?: boolean; body?: (row: Row) => Record<string, unknown>; when?: (row: Row) => boolean };
  actions?: RowAction<Row>[];
  /** Adding a child under a tree row (same form, the parent preset). */
  addChild?: { label: string; permission: string; field: string; when?: (row: Row) => boolean };
}
