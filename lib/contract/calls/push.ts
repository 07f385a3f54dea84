import { call } from '../call';
import { PAGES } from '../pages';
import { nothing, page } from '../output';
import {
  batchPushInput, pushLogListInput, pushLogRow, pushOneInput, pushPayload, pushPayloadInput, pushResult, pushTargetAddInput,
  pushTargetDeleteInput, pushTargetListInput, pushTargetOptions, pushTargetOptionsInput, pushTargetRow, pushTargetUpdateInput, renshePushListInput,
  renshePushRerunInput, renshePushRow,
} from '../push';

const onPush = { page: PAGES.pushData } as const;
const onRenshe = { page: PAGES.renshePush } as const;
const target = (action: 'add' | 'edit' | 'delete') => ({ permission: `pushTarget::${action}` }) as const;
const at = { page: PAGES.pushData };

/** Data push (数据推送日志): targets, the outbox log and re-push; the supervision sync (人社监管同步日志). */
export const pushCalls = {
  'pushTarget/list': call({ summary: 'Push targets, paged (secrets shown by their last four characters)', input: pushTargetListInput, output: page(pushTargetRow), access: onPush, ...at }),
  'pushTarget/options': call({ summary: 'Every push target by name (the log\'s search)', input: pushTargetOptionsInput, output: pushTargetOptions, access: onPush, ...at }),
  'pushTarget/add': call({ summary: 'Add a push target with its secret and events', input: pushTargetAddInput, output: pushTargetRow, access: target('add'), ...at }),
  'pushTarget/update': call({ summary: 'Change a push target (a blank secret keeps the stored one)', input: pushTargetUpdateInput, output: pushTargetRow, access: target('edit'), ...at }),
  'pushTarget/del': call({ summary: 'Delete a push target never delivered to (one with deliveries is disabled)', input: pushTargetDeleteInput, output: nothing, access: target('delete'), ...at }),
  'businessDataSyncLog/list': call({ summary: 'The data push log: events of applications to targets, with attempts and the last answer', input: pushLogListInput, output: page(pushLogRow), access: onPush, ...at }),
  'businessDataSyncLog/payload': call({ summary: 'The body and idempotency key of one pushed event', input: pushPayloadInput, output: pushPayload, access: onPush, ...at }),
  'businessDataSyncLog/push': call({ summary: 'Push one event again now (its attempt limit starts over)', input: pushOneInput, output: pushResult, access: { permission: 'pushData::push' }, ...at }),
  'businessDataSyncLog/batchPush': call({ summary: 'Push the selected events, or every failed and dead one, again now', input: batchPushInput, output: pushResult, access: { permission: 'pushData::push' }, ...at }),
  'renshePushLog/list': call({ summary: 'The daily supervision batches: day, count, succeeded, failed, the platform\'s answer', input: renshePushListInput, output: page(renshePushRow), access: onRenshe, page: PAGES.renshePush }),
  'renshePushLog/rerun': call({ summary: 'Send a failed (or partly refused) supervision batch again', input: renshePushRerunInput, output: renshePushRow, access: { permission: 'renshePush::rerun' }, page: PAGES.renshePush }),
};
