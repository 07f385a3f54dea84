import type { MenuItem } from '@/lib/contract/auth';
import { findMenuItem } from '@/lib/permissions';
import { HOME_PATH } from '@/lib/routes';

/** Message keys (under `pages`) of the pages that are not menu entries. */
const SESSION_PAGE_TITLES: Record<string, string> = {
  [HOME_PATH]: 'home',
  '/account': 'account',
  '/account/password': 'password',
  '/log': 'log',
  '/refresh': 'refresh',
  '/i18n': 'i18n',
  '/api-docs': 'apiDocs',
  '/403': 'forbidden',
  '/500': 'serverError',
};

/** A page's title in the current language: from the menu, else from the messages, else its path (the 404 page's heading names it). */
export function pageTitle(path: string, menu: MenuItem[], locale: string, t: (key: string) => string): string {
  const item = findMenuItem(menu, path);
  if (item) return locale === 'en' ? item.titleEn : item.title;
  const key = SESSION_PAGE_TITLES[path];
  return key ? t(key) : path;
}
