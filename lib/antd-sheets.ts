/**
 * Which antd components' styles a page links (scripts/antd-css.tsx writes the sheets at build
 * time). Every signed-in page links the shell's sheet (styles/antd.generated.css): the frame
 * (menu, tabs, header, the phone menu's drawer), the screen engine (search form, table, edit
 * dialog, confirmations, messages) and what most screens draw beside them. Any other component
 * has a sheet of its own, styles/antd/<name>.generated.css, that each module drawing it imports,
 * so a page links only what it draws: tests/unit/antd-sheets.test.ts checks every import.
 */
export const SHELL_COMPONENTS = [
  'App', 'Layout', 'Menu', 'Tabs', 'Dropdown', 'Badge', 'Avatar', 'Drawer', 'Popover', 'Tooltip', 'Button',
  'Form', 'Input', 'InputNumber', 'Select', 'AutoComplete', 'Switch', 'Checkbox', 'Space', 'Flex', 'Row', 'Col',
  'Card', 'Skeleton', 'Spin', 'Empty', 'Table', 'Pagination', 'Tag', 'Alert', 'Modal', 'message', 'notification', 'Typography',
] as const;

/**
 * The components with a sheet of their own, each with the components it draws inside that the
 * shell's sheet lacks (an upload's list shows progress bars; a tree select draws a tree).
 */
export const OWN_SHEETS: Record<string, string[]> = {
  Cascader: [], Collapse: [], DatePicker: [], Descriptions: [], Divider: [], Image: [], Progress: [], Radio: [],
  Result: [], Segmented: [], Statistic: [], Steps: [], Tree: [], TreeSelect: ['Tree'], Upload: ['Progress'],
};

/** antd's exports that draw nothing of their own (providers, hooks, the theme). */
export const UNSTYLED = ['ConfigProvider', 'Grid', 'theme'] as const;

/** The file of a component's own sheet, as a module imports it. */
export const ownSheet = (component: string) => `@/styles/antd/${component.replace(/[A-Z]/g, (c, at: number) => (at ? '-' : '') + c.toLowerCase())}.generated.css`;

/** The same sheet's path from the project's root, where the build writes it. */
export const ownSheetPath = (component: string) => ownSheet(component).slice('@/'.length);
