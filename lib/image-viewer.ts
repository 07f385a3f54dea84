/** SPEC.md section 9: the attachment image viewer's constants and zoom rule (pure, no DOM). */

export const ZOOM_STEP = 0.2;
/** Enlarging is allowed while the scale is at most this. */
export const MAX_SCALE = 2.5;
/** Shrinking is allowed while the scale is at least this. */
export const MIN_SCALE = 0.5;
export const ROTATE_STEP = 90;
export const WHEEL_DEBOUNCE_MS = 100;

/** The extreme scales the rule can produce: one step past each gate. */
export const SCALE_CEILING = round1(MAX_SCALE + ZOOM_STEP);
export const SCALE_FLOOR = round1(MIN_SCALE - ZOOM_STEP);

export type ZoomDirection = 'in' | 'out';

function round1(value: number) {
  return Math.round(value * 10) / 10;
}

/**
 * The scale after one zoom step: in adds ZOOM_STEP only while scale <= MAX_SCALE, out
 * subtracts it only while scale >= MIN_SCALE; otherwise the scale stays. Rounded to 1 decimal.
 */
export function nextScale(scale: number, direction: ZoomDirection): number {
  if (direction === 'in') return scale <= MAX_SCALE ? round1(scale + ZOOM_STEP) : scale;
  return scale >= MIN_SCALE ? round1(scale - ZOOM_STEP) : scale;
}

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Drops a pending call. */
  cancel(): void;
}

/** Calls fn with the latest arguments once no call has come for ms milliseconds. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, ms);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}
