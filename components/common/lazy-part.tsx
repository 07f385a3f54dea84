'use client';

import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * A dialog, drawer or control whose code is downloaded when it is first shown, not with the
 * page: the page's first load carries only this small wrapper. Until the code arrives the
 * placeholder is shown (nothing by default: a dialog appears a few milliseconds after the click).
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, placeholder: (props: P) => ReactNode = () => null): ComponentType<P> {
  const Part = lazy(() => load().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module level, never during a render
  function LazyPart(props: P) {
    return <Suspense fallback={placeholder(props)}><Part {...props} /></Suspense>;
  }
  return LazyPart;
}

/**
 * For a dialog that stays mounted and is opened by a prop (`open`, `target`): true from the
 * first time it is opened on, so its code is downloaded then and its closing motion still plays.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * A screen (or a part of one) whose content comes only from calls made in the browser: the
 * server and the hydration draw `skeleton`, and the part's code (its table, forms and their antd
 * components) is not in the page's first load. Its download starts as soon as this module runs
 * in the browser, beside the shell's hydration, so the part is drawn about as early as before.
 */
export function browserPart<P extends object>(load: () => Promise<ComponentType<P>>, skeleton: (props: P) => ReactNode): ComponentType<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => (loading ??= load().then((component) => ({ default: component })));
  // A download that fails shows where the part is drawn (the page's error boundary offers a reload).
  if (typeof window !== 'undefined') start().catch(() => {});
  const Part = lazy(start);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module level, never during a render
  function BrowserPart(props: P) {
    if (!useHydrated()) return skeleton(props);
    return <Suspense fallback={skeleton(props)}><Part {...props} /></Suspense>;
  }
  return BrowserPart;
}
