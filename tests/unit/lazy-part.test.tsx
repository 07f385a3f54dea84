// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserPart } from '@/components/common/lazy-part';

afterEach(cleanup);

/** A part whose code arrives when `arrive` is called, as a chunk does over the network. */
function slowPart() {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => { arrive = resolve; });
  const load = vi.fn(async () => {
    await arrived;
    return ({ name }: { name: string }) => <p>part of {name}</p>;
  });
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
