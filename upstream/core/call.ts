import type { z } from 'zod';
import type { Db } from '../db';
import type { UpstreamOptions } from '../options';
import type { Locale } from '../../lib/contract/auth';
import type { Translate } from './i18n';

export interface AuthUser {
  id: number;
  username: string;
  nickname: string;
  type: number;
  orgId: number | null;
  tokenId: number;
}

export interface CallContext<U extends AuthUser | null = AuthUser | null> {
  db: Db;
  options: UpstreamOptions;
  locale: Locale;
  t: Translate;
  clientIp: string;
  /** Present on every call whose access is not 'public'. */
  user: U;
  now: Date;
}

/**
 * Who may make a call: anyone, any signed-in user, an admin (type 0), a holder of a
 * `module::action` button, a holder of a menu page, or any one of a list of those
 * (admins hold every permission).
 */
export type Requirement = { permission: string } | { page: string };
export type Access = 'public' | 'user' | 'admin' | Requirement | readonly Requirement[];

export type BodyKind = 'json' | { multipart: { maxBytes: number } };

type UserOf<A extends Access> = A extends 'public' ? AuthUser | null : AuthUser;

export interface CallDefinition<S extends z.ZodType = z.ZodType, A extends Access = Access, R = unknown> {
  path: string;
  methods?: readonly ('GET' | 'POST')[];
  /** How a POST body is read: JSON (the default), or multipart/form-data up to `maxBytes` (file parts as UploadedPart). */
  body?: BodyKind;
  access: A;
  input: S;
  handler: (ctx: CallContext<UserOf<A>>, input: z.infer<S>) => Promise<R>;
  /** Runs when the input is refused, before the 422 answer (a refused sign-in still counts against the address). */
  onInvalid?: (ctx: CallContext<UserOf<A>>, raw: unknown) => Promise<void>;
}

/** Declares one call of the /api contract; the app wraps it with token, permission, validation and error mapping. */
export function defineCall<S extends z.ZodType, A extends Access, R>(definition: CallDefinition<S, A, R>): AnyCall {
  return definition as unknown as AnyCall;
}

export interface AnyCall {
  path: string;
  methods?: readonly ('GET' | 'POST')[];
  body?: BodyKind;
  access: Access;
  input: z.ZodType;
  handler: (ctx: CallContext, input: unknown) => Promise<unknown>;
  onInvalid?: (ctx: CallContext, raw: unknown) => Promise<void>;
}
