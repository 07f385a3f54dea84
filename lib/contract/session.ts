/**
 * What callers of the BFF see of the session: the cookies' names, the session's lifetime and
 * the header that tells the browser its grants changed. Plain constants, safe for the browser.
 */
export const SESSION_COOKIE = 'lbo_session';
export const LOCALE_COOKIE = 'locale';
export const SESSION_TTL_SECONDS = 24 * 60 * 60;

/** Response header telling the browser its grants changed (value: the new version). */
export const MENU_VERSION_HEADER = 'x-menu-version';

/** Header of the service's answers to a signed-in call: the version of every user's grants (one counter, bumped by any change of them). */
export const GRANTS_VERSION_HEADER = 'x-grants-version';
