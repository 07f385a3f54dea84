import type { FieldName } from '../contract/rules';
import type { CallPath } from '../contract/calls';

/**
 * A resource spec: everything a search + table + modal screen needs, run by the engine in
 * components/crud (DESIGN.md section 8.5). Texts are message keys, resolved in the current
 * language; a spec names the calls its buttons make and who may press them is derived from the
 * call table's access (lib/call-access.ts), never written here.
 */
export interface Option { value: string | number; label: string; color?: string; /** Values of the label's placeholders (a flag's days). */ values?: Record<string, number> }

/**
 * How each kind's value travels (components/crud/field-values.ts does every conversion):
 *
 * | kind | form value | URL (search) | payload |
 * |---|---|---|---|
 * | text, password, textarea, select, treeSelect | text (`numeric`: number) | the text | as the form |
 * | number | number | the number | number |
 * | numberRange | `[min, max]`, either null | `{name}Min`, `{name}Max` | `{name}Min`, `{name}Max` (numbers; an empty end left out) |
 * | date | picker value | `YYYY-MM-DD` | `YYYY-MM-DD` |
 * | dateRange | two picker values | `{name}From`, `{name}To` | `{name}From`, `{name}To` as `YYYY-MM-DD`, China days (lib/china-time.ts): the service takes From 00:00 to the end of To at +08:00 |
 * | switch | boolean | `true` / `false` (a yes / no select when searching; no choice, no filter) | boolean |
 * | multiSelect, tags | text[] | comma-joined | array |
 * | region | region code (province or city) | the code | the code |
 * | file | `{ id, name, size }` as the upload call answered | (not searchable) | the id |
 * | richText | HTML of the editor ('' when empty) | (not searchable) | the HTML (the service sanitises it: lib/contract/rich-text.ts) |
 * | icon | a menu icon's name, picked from the icons shown | (not searchable) | the name |
 */
type FieldKind = 'text' | 'password' | 'textarea' | 'number' | 'numberRange' | 'select' | 'multiSelect' | 'tags' | 'switch' | 'date' | 'dateRange'
  | 'treeSelect' | 'region' | 'file' | 'richText' | 'icon';

/**
 * A file field's upload: the chosen file goes at once, as multipart/form-data (`file` plus the
 * fixed `fields`), to `path`, which answers `{ id, name, size }`. Name endings outside
 * `accept` and files over `maxBytes` are refused before anything is sent; the service checks
 * the content again (upstream/modules/files/content.ts).
 */
export interface FileUploadSpec {
  path: CallPath;
  /** Allowed name endings, lower case without the dot (e.g. ['jpg', 'png', 'pdf']). */
  accept: readonly string[];
  maxBytes: number;
  fields?: Record<string, string>;
  /** richText: the address an uploaded image is shown at (default: the `url` of the call's answer). */
  imageUrl?: (file: UploadedFile & { url?: unknown }) => string | undefined;
}

/** A file field's value: the uploaded file as its call answered. */
export interface UploadedFile { id: number | string; name: string; size: number }

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
  /** Longest text (characters); for tags, the longest tag; for richText, its plain text (not the markup). */
  max?: number;
  /** number and numberRange: the smallest and largest value and the decimals allowed. */
  bounds?: { min?: number; max?: number; precision?: number };
  /** tags: the most tags a value may hold. */
  maxTags?: number;
  /** file: where and what may be uploaded; richText: where a picked image is uploaded (without it, images are added by address only). */
  upload?: FileUploadSpec;
  /** richText: where an attachment is uploaded; it is then linked in the text under its name (the answer's `url`, or `imageUrl`). */
  attach?: FileUploadSpec;
  /** Shown only when creating (not editing), or only when editing. */
  only?: 'create' | 'edit';
  /** Not editable once created. */
  locked?: boolean;
  placeholder?: string;
  /** search: the value the call assumes when none is chosen, shown as the field's value (e.g. 待处理); choosing it adds no filter. */
  initial?: string;
}

export interface TreeOption { value: string | number; title: string; children?: TreeOption[] }

type ColumnKind = 'text' | 'enum' | 'date' | 'datetime' | 'money' | 'tag' | 'masked' | 'boolean' | 'duration' | 'icon';

export interface ColumnSpec<Row> {
  key: string;
  title: string;
  kind?: ColumnKind;
  /** enum/tag: value -> label key (and colour). */
  options?: Option[];
  /** enum/tag: options loaded from a call (labels shown as they come); `options` serve until it answers. */
  source?: { path: CallPath; body?: Record<string, unknown>; toOptions: (data: unknown) => Option[] };
  /** The options' labels are text already, not message keys (set by the engine for loaded options). */
  literal?: boolean;
  /** Reads the cell value (default: row[key]). */
  value?: (row: Row) => unknown;
  width?: number;
  /** The order key sent when sorting by this column (ascending; descending is prefixed with '-'). */
  sort?: string;
  ellipsis?: boolean;
  /** Off until the person shows it in the table's column settings (keeps the default set within 1440 px). */
  hidden?: true;
  /**
   * Text in one language of a record kept in both (nameZh / nameEn): the reader's language's
   * column is shown in the place of the first of them, the other starts hidden.
   */
  language?: 'zh-CN' | 'en';
  /** A tag shown after the value when the row calls for it (e.g. overdue); its label is a message key. */
  flag?: (row: Row) => Option | null;
}

export interface RowAction<Row> {
  key: string;
  /** Message key of the label; may depend on the row (e.g. enable / disable). */
  label: string | ((row: Row) => string);
  /**
   * The call a dialog action makes (a confirmed action's is its `confirm.path`): who may make it
   * is derived from the call table. Neither: every user who sees the screen has the action (e.g. details).
   */
  call?: CallPath;
  /** The input fields the call's access reads that the screen knows (e.g. the workbench's stage). */
  callInput?: Record<string, unknown>;
  /** Whether the action applies to the row. */
  when?: (row: Row) => boolean;
  /**
   * Why the action does not apply to a row (a message key): given, the action keeps its place
   * on every row, disabled with this reason as its tooltip, instead of leaving the row.
   */
  unavailable?: (row: Row) => string;
  danger?: boolean;
  /** Listed in the row's 'more' menu instead of as a button of its own (rows with many actions). */
  more?: boolean;
  /** A confirmed call: message key of the question, the call and its payload. */
  confirm?: { question: string | ((row: Row) => string); path: CallPath; body: (row: Row) => Record<string, unknown>; done?: string };
  /** A dialog of its own (e.g. assign roles): rendered by the screen with the row. */
  dialog?: string;
}

/**
 * A toolbar action: asks `question` (with `{count}` of the rows chosen), makes ONE call to
 * `path` with `body(rows)` and says `done` (with the answer's `count`).
 */
export interface BatchAction<Row> {
  key: string;
  /** Message key of the button (with `{count}` when it acts on the selection). */
  label: string;
  question: string;
  done: string;
  path: CallPath;
  body: (rows: Row[]) => Record<string, unknown>;
  /** Acts on the selected rows (default), which must be at least one; false: on none. */
  selection?: boolean;
  /** Which rows may be selected for it. */
  when?: (row: Row) => boolean;
  danger?: boolean;
  /**
   * An action on rows it finds itself (selection false): the list calls counting them (their
   * totals are summed) and the reason (message key) it is disabled when they count none.
   */
  available?: { counts: { path: CallPath; body: Record<string, unknown> }[]; none: string };
}

export interface ResourceSpec<Row> {
  /** Also the message namespace under `resources`. */
  key: string;
  /** Message key of the screen's title, when it is not `resources.{key}.title`. */
  title?: string;
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
    /** Nothing is added, rows are only edited (a fixed set, e.g. the guarantee methods). Who may add or edit comes from `save` and `update`. */
    editOnly?: true;
    /** Whether a row can be edited (default: every row), e.g. only a product's current revision. */
    editable?: (row: Row) => boolean;
    /** Form values of a row being edited. */
    toValues?: (row: Row) => Record<string, unknown>;
    /** The save payload: the values plus what the call needs (id, version). */
    toPayload?: (values: Record<string, unknown>, row: Row | null) => Record<string, unknown>;
    /** Values preset when creating (e.g. the parent of a new tree node). */
    defaults?: Record<string, unknown>;
    /** A dialog (by key) opened with the save call's answer, e.g. a generated password shown once. */
    afterSave?: string;
    /** The dialog's width in pixels (default 560; a form with a rich-text body wants more). */
    width?: number;
    /** Rows are added, never edited (e.g. blacklist entries, which change only by their own actions). */
    addOnly?: true;
  };
  remove?: {
    /** The delete call (who may make it is derived from the call table). */
    path: CallPath;
    /**
     * Rows can be selected and deleted together: ONE call to `path` with `{ ids }` (or
     * `batchBody` of the selected rows), which the service applies all or nothing.
     */
    batch?: boolean;
    /** The payload of a single row's delete (default `{ id }`). */
    body?: (row: Row) => Record<string, unknown>;
    /** The payload of a batch delete when the ids are not enough (e.g. `{ items: [{ id, version }] }`). */
    batchBody?: (rows: Row[]) => Record<string, unknown>;
    when?: (row: Row) => boolean;
  };
  /** Rows added from an .xlsx file (the 导入 button). */
  importer?: ImporterSpec;
  /** Confirmed calls of the toolbar on the selected rows (or, `selection: false`, on no row: e.g. 'every failed one'). */
  batchActions?: BatchAction<Row>[];
  actions?: RowAction<Row>[];
  /** Adding a child under a tree row (same form, the parent preset). */
  /** Adding a child under a tree row: the form's `save` call as adding. */
  addChild?: { label: string; field: string; when?: (row: Row) => boolean };
}

/**
 * An import: the user picks an .xlsx file, which goes (multipart/form-data, part `file`) to
 * `check`; it answers an ImportCheck (rows read, row errors). Only a file without errors may
 * be sent again, to `commit`, which applies every row in one transaction or none.
 * `template` is a call answering an .xlsx with the header row (downloaded as it comes).
 */
export interface ImporterSpec {
  check: CallPath;
  commit: CallPath;
  template?: CallPath;
  /** Imports the clean rows of a file that has bad ones, leaving those out (offered when rows are left). */
  commitClean?: CallPath;
  /** Answers the check's bad rows as an .xlsx (the file sent again), offered when there are errors. */
  report?: CallPath;
  /** Largest file in bytes (checked before sending; the service checks again). */
  maxBytes: number;
}
