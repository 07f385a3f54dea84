import { describe, expect, it } from 'vitest';
import { messageTextOf } from '@/upstream/db/message-texts';

describe('messages written in one language become keys (migration 0020)', () => {
  it.each([
    ['贷款申请 SQ202611240000123 等待您人社复审', 'workflow.assigned', { number: 'SQ202611240000123', stage: { key: 'workflow.stage.RS_SECOND' } }],
    ['Loan application SQ1 is waiting for your bank first review', 'workflow.assigned', { number: 'SQ1', stage: { key: 'workflow.stage.BANK_FIRST' } }],
    ['有 4 笔贷款申请移交给您担保复审', 'workflow.assignedMany', { count: 4, stage: { key: 'workflow.stage.GC_SECOND' } }],
    ['您有 12 笔贷款申请已超过办理时限，请尽快处理', 'workflow.overdueReminder', { count: 12 }],
    ['贷款申请 SQ9 的 张三 已被列入黑名单：骗贷，请复核', 'risk.blacklistedDuringReview', { number: 'SQ9', name: '张三', reason: '骗贷' }],
    ['欢迎使用创业担保贷款管理平台，人社审核员。', 'message.welcome', { name: '人社审核员' }],
    ['有 3 笔贷款申请等待人社初审', 'message.casesWaiting', { count: 3, stage: { key: 'workflow.stage.RS_FIRST' } }],
  ])('%s', (content, key, params) => {
    expect(messageTextOf(content)).toEqual({ key, params });
  });

  it('leaves other texts alone', () => {
    expect(messageTextOf('系统将于今晚维护')).toBeNull();
    expect(messageTextOf('贷款申请 SQ1 等待您喝茶')).toBeNull();
  });
});
