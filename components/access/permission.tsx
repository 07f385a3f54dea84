'use client';

import { useCallback, type ReactNode } from 'react';
import { hasButton } from '@/lib/permissions';
import { callAllowed } from '@/lib/call-access';
import type { CallPath } from '@/lib/contract/calls';
import { useShell } from '@/components/shell/shell-context';

/**
 * A button-level permission (SPEC.md section 6): the children exist only when the user's
 * power list for the module holds exactly `code` ('module::action'). The server refuses the
 * call anyway; this only hides what the user cannot do.
 */
export function Permission({ code, children }: { code: string; children: ReactNode }) {
  const { powers } = useShell();
  return hasButton(powers, code) ? children : null;
}

/** Whether the user holds a button permission, for code that decides more than visibility. */
export function usePermission(code: string): boolean {
  return hasButton(useShell().powers, code);
}


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
