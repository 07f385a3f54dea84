'use client';

import { useSyncExternalStore } from 'react';

const subscribeNothing = () => () => {};

/** False while rendering on the server and hydrating, true afterwards. */
export const useHydrated = () => useSyncExternalStore(subscribeNothing, () => true, () => false);
