/**
 * The names of the shell's deferred parts (admin-shell.tsx), which each part's outermost element
 * also carries (DEFERRED_PART): a click on a part before its code came is made again once it has.
 */
export const SHELL_PART = { sideMenu: 'side-menu', header: 'header', tabs: 'tabs' } as const;
