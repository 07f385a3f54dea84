import type { z } from 'zod';
import type { Db } from '../db';
import type { UpstreamOptions } from '../options';
import type { Locale } from '../../lib/contract/auth';
import { CALLS, type CallPath } from '../../lib/contract/calls';
import type { Access } from '../../lib/contract/call';
import type { Translate } from './i18n';
import type { FileAnswer } from './files';

export type { Access } from '../../lib/contract/call';

export interface AuthUser {
  id: number;
  username: string;
  nickname: string;
  type: number;
  orgId: number | null;
  tokenId: number;
  /** The version of every user's grants when the token was resolved (migration-perf.ts). */
  grantsVersion: number;
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

type Spec<P extends CallPath> = (typeof CALLS)[P];
type UserOf<A> = A extends 'public' ? AuthUser | null : AuthUser;
/** What a handler answers: the output schema's input (it is serialised as is), or a file. */
type ResultOf<P extends CallPath> = Spec<P> extends { file: true } ? FileAnswer : z.input<Spec<P>['output']>;
export type InputOf<P extends CallPath> = z.output<Spec<P>['input']>;

export interface Implementation<P extends CallPath = CallPath> {
  path: P;
  handler: (ctx: CallContext<UserOf<Spec<P>['access']>>, input: InputOf<P>) => Promise<ResultOf<P>>;
  /** Runs when the input is refused, before the 422 answer (a refused sign-in still counts against the address). */
  onInvalid?: (ctx: CallContext<UserOf<Spec<P>['access']>>, raw: unknown) => Promise<void>;
}

/** The handler of one call of the table (its path, input, output and access come from lib/contract/calls). */
export function defineCall<P extends CallPath>(implementation: Implementation<P>): AnyCall {
  const spec = CALLS[implementation.path] as unknown as AnyCall['spec'];
  return { path: implementation.path, spec, handler: implementation.handler as AnyCall['handler'], onInvalid: implementation.onInvalid as AnyCall['onInvalid'] };
}

export interface AnyCall {
  path: CallPath;
  spec: {
    method?: 'GET' | 'POST'; alsoGet?: true; body?: import('../../lib/contract/call').BodyKind; input: z.ZodType; access: Access | ((input: unknown) => Access);
    row?: import('../../lib/contract/call').RowAccess | readonly import('../../lib/contract/call').RowAccess[]; accessBy?: string | readonly string[];
  };
  handler: (ctx: CallContext, input: unknown) => Promise<unknown>;
  onInvalid?: (ctx: CallContext, raw: unknown) => Promise<void>;
}
