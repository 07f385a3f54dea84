/** The header's top menu entry that shows every group of the side menu. */
export const ALL_GROUPS = 'all';
