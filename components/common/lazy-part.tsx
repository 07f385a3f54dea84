'use client';

import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';

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
