import type { ReactNode } from 'react';
import { Toasts } from '@/components/public/toasts';

/** The pages anyone may open (sign-in, registration, 403, 500): plain markup, no antd, their own toasts. */
export default function PublicLayout({ children }: { children: ReactNode }) {
  return <Toasts>{children}</Toasts>;
}
