import { z } from './zod';
import { id, int, pageInput } from './fields';
import { count, timestamp } from './output';

export const messageListInput = pageInput.extend({ hasRead: int(0, 1).optional() });
export const messageIdInput = z.object({ id });

export const messageItem = z.object({ id: count, msgDetails: z.string(), createTime: timestamp, hasRead: count, menuUrl: z.string().nullable() });
export type MessageItem = z.infer<typeof messageItem>;
