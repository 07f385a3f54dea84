'use client';

import { useEffect, useState } from 'react';
import { DEVICE_COOKIE, deviceClass, type DeviceClass } from '@/lib/device';

const HINT_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * The device class of the window's width, following resizes. It starts as the server
 * rendered it (the hint cookie, else desktop), so hydration matches, and the browser
 * keeps the hint up to date for the next page load.
 */
export function useDeviceClass(initial: DeviceClass = 'desktop'): DeviceClass {
  const [device, setDevice] = useState<DeviceClass>(initial);
  useEffect(() => {
    let hint: DeviceClass | null = null;
    const update = () => {
      const current = deviceClass(window.innerWidth);
      setDevice(current);
      if (current === hint) return;
      hint = current;
      // biome-ignore lint/suspicious/noDocumentCookie: a plain hint cookie; the Cookie Store API is not in every browser we serve
      document.cookie = `${DEVICE_COOKIE}=${current}; path=/; max-age=${HINT_MAX_AGE}; samesite=lax`;
    };
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return device;
}
