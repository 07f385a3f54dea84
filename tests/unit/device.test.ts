import { describe, expect, it } from 'vitest';
import { MOBILE_MAX, TABLET_MAX, deviceClass, parseDeviceClass } from '@/lib/device';

describe('device class by window width (SPEC.md sections 4 and 9)', () => {
  it('uses the breakpoints of the specification', () => {
    expect(MOBILE_MAX).toBe(600);
    expect(TABLET_MAX).toBe(992);
  });
  it('is mobile up to 600 px inclusive', () => {
    for (const width of [0, 1, 320, 599, 599.5, 600]) expect(deviceClass(width)).toBe('mobile');
  });
  it('is tablet from 601 up to 992 px inclusive', () => {
    for (const width of [600.5, 601, 768, 991, 992]) expect(deviceClass(width)).toBe('tablet');
  });
  it('is desktop above 992 px', () => {
    for (const width of [992.5, 993, 1280, 1920, 10_000, Number.POSITIVE_INFINITY]) expect(deviceClass(width)).toBe('desktop');
  });
  it('treats a negative width as mobile', () => {
    expect(deviceClass(-1)).toBe('mobile');
  });
  it('reads back only a device class from the hint cookie', () => {
    for (const value of ['mobile', 'tablet', 'desktop'] as const) expect(parseDeviceClass(value)).toBe(value);
    for (const value of [undefined, null, '', 'Mobile', 'phone', 'mobile;']) expect(parseDeviceClass(value)).toBeNull();
  });
});
