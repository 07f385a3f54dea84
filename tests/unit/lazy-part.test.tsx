// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { browserPart, deferredPart } from '@/components/common/lazy-part';

afterEach(cleanup);

/** A part's code, which arrives when `arrive` is called, as a chunk does over the network. */
function chunk<C>(component: C) {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => { arrive = resolve; });
  const load = vi.fn(async () => {
    await arrived;
    return component;
  });
  return { load, arrive };
}

/** A part drawn in the browser only, with its skeleton until its code has come. */
function slowPart() {
  const { load, arrive } = chunk(({ name }: { name: string }) => <p>part of {name}</p>);
  const Part = browserPart(load, ({ name }) => <p>loading {name}</p>);
  return { Part, load, arrive };
}

describe('a part drawn only in the browser (browserPart)', () => {
  it('starts downloading its code when its module runs, before anything draws it, and once', async () => {
    const { Part, load, arrive } = slowPart();
    expect(load).toHaveBeenCalledTimes(1);
    render(<><Part name="a" /><Part name="b" /></>);
    expect(screen.getByText('loading a')).toBeTruthy();
    await act(async () => arrive());
    expect(await screen.findByText('part of a')).toBeTruthy();
    expect(screen.getByText('part of b')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is its skeleton in the server\'s HTML and while hydrating, so the page hydrates without a mismatch', async () => {
    const { Part, arrive } = slowPart();
    const html = renderToString(<main><Part name="a" /></main>);
    expect(html).toContain('loading <!-- -->a');
    expect(html).not.toContain('part of');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors = vi.fn();
    await act(async () => { hydrateRoot(container, <main><Part name="a" /></main>, { onRecoverableError: errors }); });
    expect(container.textContent).toBe('loading a');
    await act(async () => arrive());
    expect(container.textContent).toBe('part of a');
    expect(errors).not.toHaveBeenCalled();
    container.remove();
  });
});

describe('a part the server draws and the browser hydrates when its code has come (deferredPart)', () => {
  it('keeps the server\'s markup while its code is coming, even when the page gives it new props, then hydrates it in place', async () => {
    const { load, arrive } = chunk(({ name }: { name: string }) => <p>part of {name}</p>);
    const Part = deferredPart('named', load);
    let rename!: (name: string) => void;
    function Page() {
      const [name, setName] = useState('a');
      rename = setName;
      return <main><Part name={name} /></main>;
    }
    // What the server sends: the part drawn in full, in its boundary (React's markers).
    const container = document.createElement('div');
    container.innerHTML = '<main><!--$--><p>part of <!-- -->a</p><!--/$--></main>';
    document.body.append(container);
    const drawn = container.querySelector('p');
    const errors = vi.fn();
    await act(async () => { hydrateRoot(container, <Page />, { onRecoverableError: errors }); });
    // The page has hydrated; the part has not: a new name leaves the server's markup as it is.
    await act(async () => rename('b'));
    expect(container.querySelector('p')).toBe(drawn);
    expect(container.textContent).toBe('part of a');
    await act(async () => arrive());
    // Hydrated in place with the props it was drawn with, then given the page's.
    await vi.waitFor(() => expect(container.textContent).toBe('part of b'));
    expect(container.querySelector('p')).toBe(drawn);
    expect(errors).not.toHaveBeenCalled();
    container.remove();
  });

  it('makes a click on the part before its code came once it has hydrated, and a click after only once', async () => {
    const { load, arrive } = chunk(function Counter() {
      const [count, setCount] = useState(0);
      return <div data-deferred-part="counter"><button type="button" onClick={() => setCount((n) => n + 1)}><svg aria-hidden="true"><path d="M0 0h1" /></svg>{count}</button></div>;
    });
    const Part = deferredPart('counter', load);
    const container = document.createElement('div');
    container.innerHTML = '<main><!--$--><div data-deferred-part="counter"><button type="button"><svg aria-hidden="true"><path d="M0 0h1"></path></svg>0</button></div><!--/$--></main>';
    document.body.append(container);
    const errors = vi.fn();
    await act(async () => { hydrateRoot(container, <main><Part /></main>, { onRecoverableError: errors }); });
    const button = container.querySelector('button')!;
    // React drops this click (on the button's icon): the part is not hydrated.
    await act(async () => { button.querySelector('path')!.dispatchEvent(new MouseEvent('click', { bubbles: true })); });
    expect(button.textContent).toBe('0');
    await act(async () => arrive());
    await vi.waitFor(() => expect(button.textContent).toBe('1'));
    await act(async () => button.click());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(button.textContent).toBe('2');
    expect(errors).not.toHaveBeenCalled();
    container.remove();
  });

  it('does not make a click again that React took as it hydrated the part at once, even one its handler stopped', async () => {
    const clicks = vi.fn();
    const { load, arrive } = chunk(() => (
      <div data-deferred-part="stopper"><button type="button" onClick={(event) => { event.stopPropagation(); clicks(); }}>go</button></div>
    ));
    const Part = deferredPart('stopper', load);
    const container = document.createElement('div');
    container.innerHTML = '<main><!--$--><div data-deferred-part="stopper"><button type="button">go</button></div><!--/$--></main>';
    document.body.append(container);
    await act(async () => { hydrateRoot(container, <main><Part /></main>); });
    // The code has come, the part is not hydrated yet: React hydrates it for the click, at once, and hands it the click.
    arrive();
    for (let i = 0; i < 5; i++) await Promise.resolve();
    container.querySelector('button')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(clicks).toHaveBeenCalledTimes(1);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(clicks).toHaveBeenCalledTimes(1);
    container.remove();
  });

  it('makes a held click on its button when hydrating drew the clicked icon afresh', async () => {
    const clicks = vi.fn();
    const { load, arrive } = chunk(({ icon }: { icon: string }) => (
      <div data-deferred-part="toggle"><button type="button" onClick={clicks}><svg key={icon} data-icon={icon} aria-hidden="true"><path d="M0 0h1" /></svg></button></div>
    ));
    const Part = deferredPart('toggle', load);
    let setIcon!: (icon: string) => void;
    function Page() {
      const [icon, set] = useState('fold');
      setIcon = set;
      return <main><Part icon={icon} /></main>;
    }
    const container = document.createElement('div');
    container.innerHTML = '<main><!--$--><div data-deferred-part="toggle"><button type="button"><svg data-icon="fold" aria-hidden="true"><path d="M0 0h1"></path></svg></button></div><!--/$--></main>';
    document.body.append(container);
    await act(async () => { hydrateRoot(container, <Page />); });
    // The page learns it is on a phone: once hydrated, the part draws another icon.
    await act(async () => setIcon('unfold'));
    const drawn = container.querySelector('svg')!;
    await act(async () => { drawn.dispatchEvent(new MouseEvent('click', { bubbles: true })); });
    await act(async () => arrive());
    await vi.waitFor(() => expect(clicks).toHaveBeenCalledTimes(1));
    expect(drawn.isConnected).toBe(false);
    expect(container.querySelector('svg')!.dataset.icon).toBe('unfold');
    container.remove();
  });
});
