'use client';

import { useCallback, type ReactNode } from 'react';
import { hasButton } from '@/lib/permissions';
import { callAllowed } from '@/lib/call-access';
import type { CallPath } from '@/lib/contract/calls';
import { useShell } from '@/components/shell/shell-context';

/**
 * Whether the user may make a call (with the input fields its access reads), as the call table
 * says (lib/call-access.ts): the one way a screen decides which of its buttons to show.
 */
export function useCallAllowed(): (path: CallPath, input?: Record<string, unknown>) => boolean {
  const { user, powers, canOpen } = useShell();
  return useCallback((path: CallPath, input?: Record<string, unknown>) =>
    callAllowed(path, { admin: user.type === 0, button: (code) => hasButton(powers, code), page: canOpen }, input), [user.type, powers, canOpen]);
}

/** The children exist only when the user may make the call (e.g. an export button). */
export function CallPermission({ call, input, children }: { call: CallPath; input?: Record<string, unknown>; children: ReactNode }) {
  return useCallAllowed()(call, input) ? children : null;
}
