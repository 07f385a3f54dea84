// Shared set-up of the unit project (jsdom tests opt in per file with `// @vitest-environment jsdom`).
export {};

// jsdom lacks matchMedia and ResizeObserver, which antd (responsive hooks, popups) expects.
if (typeof window !== 'undefined') {
  if (typeof window.matchMedia !== 'function') {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      writable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }),
    });
  }
  // antd measures the scroll bar through a pseudo-element; jsdom answers with the element's own
  // style either way, and says so on the console each time: it is asked for the element's.
  const computedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computedStyle(element);
  if (typeof window.ResizeObserver !== 'function') {
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
}

// A screen's first render on a slow machine can take more than the library's one-second wait
// (findBy..., waitFor): every jsdom test waits up to ten before it fails.
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 10_000 });
}
