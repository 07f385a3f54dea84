/**
 * SMS scenes and their templates' ${variables} (DOMAIN.md section 2, 'SMS templates'): every
 * message the product sends belongs to one scene and is rendered from its enabled template.
 * Plain constants and functions, safe for the browser.
 */
export const SMS_SCENES = [
  'LOGIN_CODE', 'REGISTER_CODE', 'RESET_PASSWORD', 'REFUSED', 'RETURNED', 'WITHDRAWN', 'APPROVED', 'LOANED', 'OVERDUE_REMIND', 'CONSULT_ANSWERED',
] as const;
export type SmsScene = (typeof SMS_SCENES)[number];

/** The variables a scene's template may use; a sender supplies every one of them. */
export const SCENE_VARIABLES: Record<SmsScene, readonly string[]> = {
  LOGIN_CODE: ['code', 'minutes'],
  REGISTER_CODE: ['code', 'minutes'],
  RESET_PASSWORD: ['password'],
  REFUSED: ['name', 'number', 'reason'],
  RETURNED: ['name', 'number', 'documents', 'days'],
  WITHDRAWN: ['name', 'number'],
  APPROVED: ['name', 'number', 'amount'],
  LOANED: ['name', 'number', 'amount', 'date'],
  OVERDUE_REMIND: ['name', 'number', 'amount', 'date'],
  CONSULT_ANSWERED: ['name', 'number'],
};

/** Scenes whose text carries a secret (a code or a password): the outbox list does not show it. */
export const SECRET_SCENES: readonly SmsScene[] = ['LOGIN_CODE', 'REGISTER_CODE', 'RESET_PASSWORD'];

const VARIABLE = /\$\{([^}]*)\}/g;

/** The names of the ${variables} a text uses, each once, in order of appearance. */
export function variablesOf(content: string): string[] {
  return [...new Set([...content.matchAll(VARIABLE)].map((m) => m[1]!.trim()))];
}

/** The variables a text uses that its scene does not offer. */
export function unknownVariables(scene: SmsScene, content: string): string[] {
  const offered = SCENE_VARIABLES[scene];
  return variablesOf(content).filter((name) => !offered.includes(name));
}

/** The text of a template with its variables filled: 【signature】content. A missing value is left empty. */
export function renderSms(signature: string, content: string, values: Readonly<Record<string, string | number>>): string {
  const body = content.replace(VARIABLE, (_, name: string) => {
    const value = values[name.trim()];
    return value === undefined ? '' : String(value);
  });
  return signature ? `【${signature}】${body}` : body;
}
