import { z } from '../zod';
import { loginInput, menuItem, userInfo } from '../auth';
import { FILE_TYPES } from '../../workflow/files';
import { SESSION_COOKIE } from '../session';

/**
 * Where the web application answers a call differently from the platform service behind it
 * (lib/bff): the document describes what a caller of this application gets.
 */

/** What sign-in and registration answer: the user, their menu and access list; the token stays in the session cookie. */
const signInAnswer = z.object({ info: userInfo, menu: z.array(menuItem), access: z.array(z.string()) });

/**
 * The `data` of GET /api/health of the web application (lib/bff/health.ts), in the envelope: up
 * or down for anyone; how the service is reached and answered, for signed-in administrators.
 */
export const healthData = z.object({
  status: z.enum(['up', 'down']),
  mode: z.enum(['http', 'in-process']).optional(),
  database: z.enum(['remote', 'postgres', 'pglite']).optional(),
  /** 'ok', or why not: 'timeout', 'unreachable', 'error'... */
  upstream: z.string().optional(),
  ms: z.number().optional(),
}).strict();

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Calls answering a file as it was uploaded (an application's file, a notice's image or attachment). */
const UPLOADED_FILE_ANSWERS = new Set(['upload/file', 'ueditor-file/file']);

/** The types of a file answer: exports are workbooks; an uploaded file is what was uploaded. */
export const fileTypesOf = (path: string): string[] => (UPLOADED_FILE_ANSWERS.has(path) ? Object.keys(FILE_TYPES) : [XLSX_TYPE]);

const setsSession = `Sets the session cookie \`${SESSION_COOKIE}\` (sealed, httpOnly, SameSite=Strict, Secure over HTTPS; a browser-session cookie, or kept for one day with \`"remember": true\` in the body). Send it with every later call.`;

export interface BffAnswer {
  /** What the web application reads of the body, when it reads more than the service. */
  input?: z.ZodType;
  /** The `data` of a successful answer, instead of the table's output. */
  data?: z.ZodType;
  /** The whole successful answer, not an envelope (with the HTTP status it has when not ready). */
  raw?: { schema: z.ZodType; notReady: string };
  /** The 503 envelope the web application answers with the same `data` when the service is not ready. */
  unavailable?: string;
  note?: string;
  setsCookie?: true;
}

export const BFF_ANSWERS: Record<string, BffAnswer> = {
  'admin/login': {
    input: loginInput.extend({ remember: z.boolean().optional() }),
    data: signInAnswer, setsCookie: true,
    note: `${setsSession} While the system parameter \`sms.loginSwitch\` is on, the body needs \`code\` too (ask for it with \`admin/sendSms\`, purpose \`LOGIN\`).`,
  },
  'admin/register': { data: signInAnswer, setsCookie: true, note: setsSession },
  'admin/logOut': { note: 'Ends the session: the service forgets the token and the cookie is cleared, whatever the service answers.' },
  'admin/setLocale': { note: 'Without a session the language is only kept in the `locale` cookie of this client.' },
  'admin/updatePassWord': { note: 'Every session of the account ends, this one included: sign in again with the new password.' },
  'businessMessage/count': { note: 'When the user\'s grants changed since the session\'s menu was read, the answer carries the new version in the `x-menu-version` header (and the session\'s pages are refreshed).' },
  health: {
    data: healthData,
    unavailable: 'The service or its database is not ready: the same envelope with code 503 and `data.status` "down".',
    note: 'The web application answers its own readiness here: anyone learns up (200) or down (503); signed-in administrators also see how the service is reached (`mode`, `database`, `upstream`, `ms`). The platform service on its own answers `{code: 200, data: {database: "ok"}}`.',
  },
};
