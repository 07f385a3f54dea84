import type { ThemeConfig } from 'antd';

/**
 * The antd theme. Styles are generated once at build time (scripts/antd-css.tsx) into a
 * static, cached stylesheet, so pages carry no inline CSS and antd injects none at run time
 * (zeroRuntime); the fixed css-var key ties the two together.
 */
export const THEME: ThemeConfig = {
  token: { colorPrimary: '#1f5fbf', borderRadius: 6 },
  hashed: false,
  cssVar: { key: 'lbo' },
  components: { Layout: { headerHeight: 90, siderBg: '#001529' } },
};
