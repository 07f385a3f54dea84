/**
 * The shell's parts the browser hydrates after the page (admin-shell.tsx): one module, so their
 * shared code (antd's menus, dropdowns and popups) is downloaded once, not with each part.
 */
export { HeaderBar } from './header-bar';
export { SideMenu } from './side-menu';
export { TabBar } from './tab-bar';
