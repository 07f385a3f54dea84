'use client';

import { type ComponentType, lazy, memo, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
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

/** The attribute on a deferred part's outermost element, naming the part (see deferredPart). */
const DEFERRED_PART = 'data-deferred-part';

/**
 * The last click on a deferred part before it hydrated (React drops it), made again once the
 * part has: on its target, else on the nearest of its elements still on the page.
 */
let heldClick: { event: Event; part: string; path: Element[]; at: number } | undefined;
let holding = false;
/** A held click older than this is not made again (the user has moved on). */
const HELD_CLICK_MS = 5000;

/** Whether React has hydrated (or drawn) an element: it keeps its fiber on each. */
const isReactElement = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

/**
 * Listens (once, in the browser) for clicks on a deferred part React has not hydrated. React
 * stops such a click at the page's root (its code is not there to handle it); one that goes on
 * to the window, or that a handler stopped on its way, was handled after all (React hydrated the
 * part at once) and is let go.
 */
function holdClicks() {
  if (holding || typeof window === 'undefined') return;
  holding = true;
  window.addEventListener('click', (event) => {
    // An element, an icon's SVG included.
    const target = event.target instanceof Element ? event.target : null;
    const root = target?.closest(`[${DEFERRED_PART}]`);
    // A link needs no code: the browser follows it.
    if (!target || !root || target.closest('a[href]') || isReactElement(target)) return;
    // The target and its elements up to the part's own: hydrating may draw an icon afresh, its button staying.
    const path: Element[] = [];
    for (let element: Element | null = target; element && element !== root; element = element.parentElement) path.push(element);
    const held = { event, part: root.getAttribute(DEFERRED_PART)!, path, at: performance.now() };
    heldClick = held;
    // A click stopped once its target is hydrated: React hydrated the part for it at once and
    // a handler of the part took it (React stops a click it cannot hand over before that).
    const stop = event.stopPropagation;
    event.stopPropagation = function stopPropagation(this: Event) {
      if (heldClick === held && isReactElement(target)) heldClick = undefined;
      stop.call(this);
    };
  }, true);
  window.addEventListener('click', (event) => {
    if (heldClick?.event === event) heldClick = undefined;
  });
}

/** Makes the click held on a part again, once the part has hydrated and its handlers are in place. */
function partHydrated(part: string) {
  setTimeout(() => {
    const click = heldClick;
    if (click?.part !== part) return;
    heldClick = undefined;
    const target = click.path.find((element) => element.isConnected);
    if (target && performance.now() - click.at < HELD_CLICK_MS) target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  });
}

/**
 * A part the server draws in full whose code the browser downloads beside the page's hydration,
 * not in its first load (the shell's menus, header and tabs, with antd's menus, tabs, dropdowns
 * and tooltips). Its markup stays as the server drew it, its links working as plain links, until
 * its code arrives and hydrates it. Its outermost element carries `data-deferred-part={name}`: a
 * click on the part before then (a menu group, a dropdown) is held and made again once it has
 * hydrated. Until it is hydrated it is given the props it was first drawn with: new props would
 * make React draw it afresh in the browser, empty until the code arrives.
 */
export function deferredPart<P extends object>(name: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  holdClicks();
  let loaded: ComponentType<P> | undefined;
  const loading = load().then((component) => {
    loaded = component;
    return { default: component };
  });
  // A download that fails leaves the server's markup (the page's error boundary offers a reload).
  loading.catch(() => {});
  const Part = lazy(() => loading);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module level, never during a render
  function DeferredPart(props: P) {
    const [hydrated, setHydrated] = useState(false);
    const first = useRef(props);
    // The server draws the part itself once its module is there (from the first page on), so its
    // markup is in the page, not streamed after it.
    const part = typeof window === 'undefined' && loaded ? loaded : Part;
    return <PartBoundary name={name} part={part} props={hydrated ? props : first.current} onHydrated={setHydrated} />;
  }
  return DeferredPart;
}

interface BoundaryProps<P> { name: string; part: ComponentType<P>; props: P; onHydrated: (hydrated: true) => void }

/** The part in a boundary of its own, drawn again only for new props; it says when it has hydrated. */
const PartBoundary = memo(function PartBoundary<P extends object>({ name, part: Part, props, onHydrated }: BoundaryProps<P>) {
  return <Suspense fallback={null}><Hydrated name={name} onHydrated={onHydrated} /><Part {...props} /></Suspense>;
}) as <P extends object>(props: BoundaryProps<P>) => ReactNode;

function Hydrated({ name, onHydrated }: { name: string; onHydrated: (hydrated: true) => void }) {
  useEffect(() => {
    onHydrated(true);
    partHydrated(name);
  }, [name, onHydrated]);
  return null;
}
