import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_SCALE, MIN_SCALE, ROTATE_STEP, WHEEL_DEBOUNCE_MS, ZOOM_STEP, debounce, nextScale,
} from '@/lib/image-viewer';

describe('image viewer constants (SPEC.md section 9)', () => {
  it('match the specification', () => {
    expect({ ZOOM_STEP, MAX_SCALE, MIN_SCALE, ROTATE_STEP, WHEEL_DEBOUNCE_MS })
      .toEqual({ ZOOM_STEP: 0.2, MAX_SCALE: 2.5, MIN_SCALE: 0.5, ROTATE_STEP: 90, WHEEL_DEBOUNCE_MS: 100 });
  });
});

describe('nextScale', () => {
  it('enlarges by 0.2 while the scale is at most 2.5', () => {
    expect(nextScale(1, 'in')).toBe(1.2);
    expect(nextScale(2.4, 'in')).toBe(2.6);
    expect(nextScale(2.5, 'in')).toBe(2.7);
  });
  it('does not enlarge above 2.5', () => {
    expect(nextScale(2.6, 'in')).toBe(2.6);
    expect(nextScale(2.7, 'in')).toBe(2.7);
  });
  it('shrinks by 0.2 while the scale is at least 0.5', () => {
    expect(nextScale(1, 'out')).toBe(0.8);
    expect(nextScale(0.6, 'out')).toBe(0.4);
    expect(nextScale(0.5, 'out')).toBe(0.3);
  });
  it('does not shrink below 0.5', () => {
    expect(nextScale(0.4, 'out')).toBe(0.4);
    expect(nextScale(0.3, 'out')).toBe(0.3);
  });
  it('shrinks from the upper bounds and enlarges from the lower ones', () => {
    expect(nextScale(2.6, 'out')).toBe(2.4);
    expect(nextScale(0.4, 'in')).toBe(0.6);
  });
  it('stops after repeated steps from 1 at 2.6 going up and 0.4 going down', () => {
    const walk = (direction: 'in' | 'out', steps: number) => {
      const seen = [1];
      for (let i = 0; i < steps; i++) seen.push(nextScale(seen[seen.length - 1]!, direction));
      return seen;
    };
    expect(walk('in', 10)).toEqual([1, 1.2, 1.4, 1.6, 1.8, 2, 2.2, 2.4, 2.6, 2.6, 2.6]);
    expect(walk('out', 5)).toEqual([1, 0.8, 0.6, 0.4, 0.4, 0.4]);
  });
  it('rounds to one decimal, so floating-point noise never accumulates', () => {
    expect(nextScale(0.1 + 0.2, 'in')).toBe(0.5);
    expect(nextScale(1.2000000000000002, 'in')).toBe(1.4);
    expect(nextScale(0.7, 'out')).toBe(0.5);
    let scale = 1;
    for (let i = 0; i < 7; i++) scale = nextScale(scale, 'in');
    for (let i = 0; i < 7; i++) scale = nextScale(scale, 'out');
    expect(scale).toBe(1);
  });
});

describe('debounce', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls once, with the latest arguments, after the calls stop for the delay', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const wheel = debounce(fn, WHEEL_DEBOUNCE_MS);
    wheel('in');
    vi.advanceTimersByTime(60);
    wheel('in');
    vi.advanceTimersByTime(60);
    wheel('out');
    vi.advanceTimersByTime(99);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('out');
  });

  it('calls again for a later burst', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const debounced = debounce(fn, 100);
    debounced(1);
    vi.advanceTimersByTime(100);
    debounced(2);
    vi.advanceTimersByTime(100);
    expect(fn.mock.calls).toEqual([[1], [2]]);
  });

  it('drops a pending call on cancel', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const debounced = debounce(fn, 100);
    debounced();
    debounced.cancel();
    vi.advanceTimersByTime(500);
    expect(fn).not.toHaveBeenCalled();
  });
});
