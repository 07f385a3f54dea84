import { transformToken } from '@ant-design/cssinjs/es/util/css-variables';
import { ConfigContext } from 'antd/es/config-provider/context';
import type { ThemeConfig } from 'antd';
import { DesignTokenContext } from 'antd/es/theme/context';
import defaultSeed from 'antd/es/theme/themes/seed';
import useToken from 'antd/es/theme/useToken';
import { lazy, useContext } from 'react';
import { BUILT_TOKEN, STILL_CHANGES } from './antd-token.generated';
import { RUNTIME_THEME, STILL_THEME } from './theme';

/**
 * What antd's style and token hooks give a component when its styles come from the build-time
 * sheets (zeroRuntime) and its token from the build (lib/antd-token.generated.ts). The build
 * (scripts/antd-zero-runtime-loader.cjs) makes antd's modules take these hooks from here, so the
 * browser downloads none of the style code nor the token's algorithms, which only the build needs.
 */

/** antd's `genStyleHooks`: a hook that gives `[hashId, cssVarCls]`. */
export const genStyleHooks = () => () => {
  const [, , hashId, , cssVar] = useToken();
  return [hashId, cssVar?.key] as const;
};

/** antd's `genComponentStyleHook`: a hook that gives the hash class. */
export const genComponentStyleHook = () => () => useToken()[2];

/** antd's `genSubStyleComponent`: a component that only registers styles, so draws nothing. */
export const genSubStyleComponent = () => () => null;

/**
 * antd's icon reset style hook: the icons' styles are in the shell's sheet.
 * @public Imported by antd's config-provider/style in the build only.
 */
export const useResetIconStyle = () => undefined;

/**
 * antd's Tabs for a card with tabs (`tabList`), downloaded when such a card is drawn: every other
 * card does without its code (rc-tabs, with its dropdown, menu and popups).
 * @public Imported by antd's card in the build only.
 */
export const CardTabs = lazy(() => import('antd/es/tabs'));

/**
 * The theme the context carries: its derivative ran at build time, so it has none.
 * @public Imported by antd's theme/context in the build only.
 */
export const builtTheme = Object.freeze({ id: -1 });

type Token = Readonly<Record<string, unknown>>;
/** The themes the build computed a token for, with their tokens. */
const BUILT: [ThemeConfig, Token][] = [[RUNTIME_THEME, BUILT_TOKEN], [STILL_THEME, { ...BUILT_TOKEN, ...STILL_CHANGES }]];

const same = (a: object = {}, b: object = {}) => Object.keys({ ...a, ...b }).every((key) => (a as Token)[key] === (b as Token)[key]);

/**
 * The built token of a context's theme: its seed (antd's default seed with the theme's token) and
 * its components' tokens must be those of a theme the build computed the token for, unhashed.
 */
const builtTokens = new WeakMap<object, Token>();
function builtToken(context: { token: object; override?: Record<string, object>; hashed?: unknown }): Token {
  const known = builtTokens.get(context.token);
  if (known) return known;
  const { override: _seed, ...components } = context.override ?? {};
  const found = context.hashed ? undefined : BUILT.find(([theme]) => same(context.token, { ...defaultSeed, ...theme.token })
    && Object.keys({ ...components, ...theme.components }).every((name) => same(components[name], theme.components?.[name as keyof typeof theme.components])));
  if (!found) throw new Error('antd runs a theme the build computed no token for: give it to scripts/antd-token.tsx (lib/theme.ts)');
  builtTokens.set(context.token, found[1]);
  return found[1];
}

/** The token with each value as its CSS variable, as antd's token cache gives it (what styles are written with). */
const asVariables = new Map<string, Token>();
type Variables = { unitless: object; ignore: object; preserve: object };

/**
 * antd's `useToken`: `[theme, token, hashId, token as CSS variables, cssVar, zeroRuntime]` from the
 * build's token. `variables` are antd's own lists of the token's unitless, ignored and kept keys.
 */
export function useBuiltToken(variables: Variables) {
  const context = useContext(DesignTokenContext);
  const { getPrefixCls } = useContext(ConfigContext);
  const token = builtToken(context as unknown as Parameters<typeof builtToken>[0]);
  const cssVar = { prefix: context.cssVar?.prefix ?? getPrefixCls(), key: context.cssVar?.key ?? 'css-var-root' };
  const cacheKey = `${cssVar.prefix}:${token.motion}`;
  if (!asVariables.has(cacheKey)) {
    // As antd's: the token's cache key is added after its variables are made.
    const { _tokenKey, ...derived } = token;
    asVariables.set(cacheKey, transformToken(derived, cssVar.key, { prefix: cssVar.prefix, ...variables })[0]);
  }
  return [context.theme, token, '', asVariables.get(cacheKey)!, cssVar, !!context.zeroRuntime] as const;
}
