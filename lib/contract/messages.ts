import { z } from './zod';
import { id, pageInput } from './common';

export { MESSAGE_PAGE_SIZE } from './limits';
export const messageListInput = pageInput.extend({ hasRead: z.coerce.number().int().min(0).max(1).optional() });
export const messageIdInput = z.object({ id });

export interface MessageItem { id: number; msgDetails: string; createTime: string; hasRead: number; menuUrl: string | null }
