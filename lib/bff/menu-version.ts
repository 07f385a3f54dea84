/** Response header telling the browser its grants changed (value: the new version). */
export const MENU_VERSION_HEADER = 'x-menu-version';
