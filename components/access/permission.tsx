'use client';

import type { ReactNode } from 'react';
import { hasButton } from '@/lib/permissions';
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

