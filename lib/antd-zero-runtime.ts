import useToken from 'antd/es/theme/useToken';

/**
 * What antd's style hooks give a component when its styles come from the build-time sheets
 * (zeroRuntime): the theme's hash class (none: `hashed: false`) and its css-var key. The build
 * (scripts/antd-zero-runtime-loader.cjs) makes antd's style modules take their hooks from here,
 * so the browser downloads none of the style code, which only the build needs.
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
