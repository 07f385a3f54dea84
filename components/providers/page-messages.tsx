import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { CLIENT_MESSAGES, type MessageScope, pickMessages } from '@/lib/client-messages';
import type { Tree } from '@/lib/contract/text-catalogue';
import { MessagesScope } from './messages-scope';

/** Hands the client components below the texts of one scope of lib/client-messages.ts, and no others. */
export async function PageMessages({ of, children }: { of: MessageScope; children: ReactNode }) {
  return <MessagesScope messages={pickMessages((await getMessages()) as Tree, CLIENT_MESSAGES[of])}>{children}</MessagesScope>;
}
