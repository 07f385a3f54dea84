import type { z } from 'zod';

/**
 * One call of the /api contract (DESIGN.md section 3), named once in the call table
 * (lib/contract/calls): its method, input and output schemas, who may make it and the page
 * it belongs to. The service mounts it, the BFF forwards it, the UI calls it by its path and
 * the OpenAPI document describes it, all from this one entry.
 */

/** A holder of a `module::action` button, or of a menu page (by its path). */
export type Requirement = { permission: string } | { page: string };
/**
 * Anyone, any signed-in user, an administrator (type 0), a holder of any one of the
 * requirements, or (`all`) a holder of every one of them.
 */
export type Access = 'public' | 'user' | 'admin' | Requirement | readonly Requirement[] | { all: readonly Requirement[] };

/** How a POST body is read: JSON, or multipart/form-data up to `maxBytes` (file parts as UploadedPart). */
export type BodyKind = 'json' | { multipart: { maxBytes: number } };

/**
 * Row-level access, declared with the call and resolved by the dispatcher before the handler:
 * the record the input field `by` names (of the kind `of`: a 'case', a 'loan', an 'org', a
 * 'user', a guarantee 'company', a 'flow') must lie in the caller's organisation scope, else 404
 * (a record of another organisation does not exist for them). An optional field that is absent
 * names no record; a list of ids names each. With `button`, the caller must also hold that
 * `<module>::<button>` at the record's own stage (the stage `done` when the record is past its
 * stages), else 403: only when the input field `when` is true, if given, and only while the case
 * is in review with `live`. With `changes`, changing an input field's value from the record's
 * needs the button named for it, else 403.
 */
export interface RowAccess {
  of: string;
  by: string;
  button?: string;
  done?: string;
  org?: 'bank' | 'guarantee' | 'renshe';
  when?: string;
  live?: true;
  changes?: Readonly<Record<string, string>>;
}

/** A call's row rules as a list (none, one or several records named by its input). */
export const rowRules = (spec: { row?: RowAccess | readonly RowAccess[] }): readonly RowAccess[] =>
  (spec.row === undefined ? [] : Array.isArray(spec.row) ? spec.row : [spec.row as RowAccess]);

export interface CallSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** GET only for reads whose input fits a query string; everything that changes state is POST. */
  method?: 'GET' | 'POST';
  /** A read that also answers GET (for curl users and links); never a call that changes state. */
  alsoGet?: true;
  body?: BodyKind;
  input: I;
  /** The `data` of a successful answer; a file answer (an export, a download) has `file: true` instead. */
  output: O;
  file?: true;
  /** Who may make the call; a function decides from the parsed input (e.g. the page of a workbench's stage). */
  access: Access | ((input: z.output<I>) => Access);
  /** Row-level access (see RowAccess): one record, or several named by different fields. */
  row?: RowAccess | readonly RowAccess[];
  /** A read of organisation-scoped rows of this kind (e.g. 'case'): a user of another organisation sees none of them. */
  scoped?: string;
  /** The input field a function access decides by (an enum), so the OpenAPI document can spell out each case. */
  accessBy?: string | readonly string[];
  /** The page the call belongs to (its screen), when it has one. */
  page?: string;
  /** One line for the OpenAPI document. */
  summary: string;
}


/** The methods a call answers: GET for reads declared so, POST for everything else (a read may take both). */
export const methodsOf = (spec: { method?: 'GET' | 'POST'; alsoGet?: true }): readonly ('GET' | 'POST')[] =>
  spec.method === 'GET' ? ['GET'] : spec.alsoGet ? ['GET', 'POST'] : ['POST'];

/** One entry of the call table, with its input and output types inferred and its access and file flag kept exact. */
export function call<I extends z.ZodType, O extends z.ZodType, const S extends Omit<CallSpec<I, O>, 'input' | 'output'>>(
  spec: S & { input: I; output: O },
): S & { input: I; output: O } {
  return spec;
}
