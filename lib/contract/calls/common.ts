import { z } from '../zod';
import { call } from '../call';
import { line, longText } from '../fields';
import { count, page, timestamp } from '../output';
import { areaInput, regionEntry } from '../region';
import { messageIdInput, messageItem, messageListInput } from '../messages';
import { homeOverview } from '../home';

const none = z.object({});
const param = z.object({ key: z.string(), value: z.string(), description: z.string().nullable(), updateTime: z.union([timestamp, z.date()]) });

/** Health, regions, system parameters, the user's messages and the entry page's overview. */
export const commonCalls = {
  health: call({ summary: 'Whether the service and its database answer', method: 'GET', input: none, output: z.object({ database: z.literal('ok') }), access: 'public' }),
  'mobile/public/getAreainfo': call({ summary: 'Regions under a parent code (provinces under 86)', input: areaInput, output: z.array(regionEntry), access: 'public', alsoGet: true }),
  'systemParam/getList': call({ summary: 'System parameters', input: none, output: z.array(param), access: 'admin' }),
  'systemParam/update': call({
    summary: 'Change a system parameter', input: z.object({ key: line(64).refine((v) => v.length > 0, 'validation.fieldRequired'), value: longText(2000) }),
    output: z.object({ key: z.string(), value: z.string() }), access: 'admin',
  }),
  'home/overview': call({ summary: 'The entry page: the caller\'s to-do per stage and, for an administrator, the platform\'s figures', input: none, output: homeOverview, access: 'user', alsoGet: true }),
  'businessMessage/count': call({ summary: 'Unread messages', input: none, output: count, access: 'user', alsoGet: true }),
  'businessMessage/list': call({ summary: 'The user\'s messages, paged', input: messageListInput, output: page(messageItem), access: 'user' }),
  'businessMessage/get': call({ summary: 'One message', input: messageIdInput, output: messageItem, access: 'user' }),
  'businessMessage/read': call({ summary: 'Mark a message read', input: messageIdInput, output: messageItem, access: 'user' }),
  'businessMessage/readAll': call({ summary: 'Mark every message read', input: none, output: z.object({ updated: count }), access: 'user' }),
};
