/** Device class by window width (SPEC.md section 4 'Device class', section 9 breakpoints). */
export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

export const MOBILE_MAX = 600;
export const TABLET_MAX = 992;

/** Up to 600 px: mobile; up to 992 px: tablet; otherwise desktop. */
export function deviceClass(width: number): DeviceClass {
  if (width <= MOBILE_MAX) return 'mobile';
  if (width <= TABLET_MAX) return 'tablet';
  return 'desktop';
}

/**
 * The device class the browser last measured, kept in a cookie so that the server renders
 * the shell for it (a layout hint only; CSS media queries cover a first visit).
 */
export const DEVICE_COOKIE = 'device';

/** A device class read from the hint cookie; null for anything else. */
export function parseDeviceClass(value: string | undefined | null): DeviceClass | null {
  return value === 'mobile' || value === 'tablet' || value === 'desktop' ? value : null;
}
