import type { ThemeConfig } from 'antd';

/** The one primary colour: buttons, links, link buttons, selected items and 'processing' tags. */
const PRIMARY = '#1f5fbf';

/** The class that carries the theme's CSS variables in the static stylesheet (antd's css-var key). */
export const THEME_CLASS = 'lbo';

/**
 * The classes antd's Typography gives a title or a text, for one drawn without its code: antd's
 * Typography brings its editor and copy button (an input and a text area) into the first load.
 */
export const textClass = (type?: 'secondary') => ['ant-typography', type && `ant-typography-${type}`, THEME_CLASS].filter(Boolean).join(' ');

/**
 * The antd theme. Styles are generated once at build time (scripts/antd-css.tsx) into a
 * static, cached stylesheet, so pages carry no inline CSS and antd injects none at run time
 * (zeroRuntime); the fixed css-var key ties the two together.
 *
 * Colours meet WCAG AA (4.5:1) on white and on their tags' light backgrounds: links share the
 * primary colour, secondary texts and placeholders are darker than antd's, and the status
 * colours are one or two steps darker (the preset tags' text shades: app/globals.css).
 */
export const THEME: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY,
    colorLink: PRIMARY,
    colorInfo: PRIMARY,
    // 'blue' tags (statuses, counts, kinds) take the primary's hue rather than antd's own blue.
    blue: PRIMARY,
    colorError: '#cf1322',
    colorSuccess: '#237804',
    colorWarning: '#ad6800',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    borderRadius: 6,
  },
  hashed: false,
  cssVar: { key: THEME_CLASS },
  components: { Layout: { headerHeight: 90, siderBg: '#001529' } },
};

/** The theme as the pages run it: no style is generated in the browser. */
export const RUNTIME_THEME: ThemeConfig = { ...THEME, zeroRuntime: true };

/** For people who ask their system for less motion: menus, dialogs and drawers open in place at once. */
export const STILL_THEME: ThemeConfig = { ...RUNTIME_THEME, token: { ...THEME.token, motion: false } };
