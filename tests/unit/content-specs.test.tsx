import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { renderCell } from '@/components/crud/cells';
import type { ConsultRow, NoticeRow } from '@/lib/contract/content';
import { consultSpec, noticeSpec } from '@/lib/resources/content';
import type { GuaranteeRow } from '@/lib/contract/guarantee';
import { guaranteeSpec } from '@/lib/resources/products';
import zh from '@/messages/zh-CN.json';
import { lookup, type Tree } from '@/lib/contract/text-catalogue';

/** A translator over the Chinese messages (their placeholders and plurals), as the screens use it. */
function t(key: string, values: Record<string, number> = {}): string {
  return lookup(zh as Tree, key, values) ?? key;
}
const html = (node: ReactNode) => renderToStaticMarkup(node);

const consult = (extra: Partial<ConsultRow>): ConsultRow => ({
  id: 1, name: '王芳', mobile: '137****0001', category: 'POLICY', content: '问', state: 'PENDING', answer: null, answeredBy: null, answerTime: null,
  createTime: '2026-11-18T00:00:00.000Z', dueTime: '2026-11-23T00:00:00.000Z', overdue: false, version: 1, ...extra,
});

describe('the consultation screen', () => {
  const waiting = consultSpec.columns.find((c) => c.key === 'waiting')!;

  it('shows how long a question waited, until its answer', () => {
    const answered = consult({ state: 'ANSWERED', answerTime: '2026-11-20T03:30:00.000Z' });
    expect(html(renderCell(waiting, answered, t))).toBe('2 天 3 小时');
    const quick = consult({ state: 'ANSWERED', answerTime: '2026-11-18T01:05:00.000Z' });
    expect(html(renderCell(waiting, quick, t))).toBe('1 小时 5 分钟');
  });

  it('flags a question still waiting after 3 working days, and no other', () => {
    expect(html(renderCell(waiting, consult({ overdue: true }), t))).toContain('超期');
    expect(html(renderCell(waiting, consult({ overdue: false }), t))).not.toContain('超期');
  });

  it('offers answer and close only while the question is not closed', () => {
    const actions = (row: ConsultRow) => (consultSpec.actions ?? []).filter((a) => a.when?.(row) ?? true).map((a) => a.key);
    expect(actions(consult({}))).toEqual(['answer', 'close']);
    expect(actions(consult({ state: 'ANSWERED' }))).toEqual(['view', 'answer', 'close']);
    expect(actions(consult({ state: 'CLOSED' }))).toEqual(['view']);
  });
});

describe('the notice screen', () => {
  const row = (extra: Partial<NoticeRow>): NoticeRow => ({
    id: 1, title: '通知', category: 'NOTICE', body: '<p>x</p>', regionCode: null, cover: null, pinned: false, state: 'DRAFT',
    publishAt: null, scheduled: false, version: 1, createTime: '2026-11-18T00:00:00.000Z', updateTime: '2026-11-18T00:00:00.000Z', ...extra,
  });
  const actions = (r: NoticeRow) => (noticeSpec.actions ?? []).filter((a) => a.when?.(r) ?? true).map((a) => a.key);

  it('publishes what is not published, withdraws what is, and deletes only what is not published', () => {
    expect(actions(row({}))).toEqual(['preview', 'publish', 'pin']);
    expect(actions(row({ state: 'PUBLISHED' }))).toEqual(['preview', 'withdraw', 'pin']);
    expect(actions(row({ state: 'WITHDRAWN' }))).toEqual(['preview', 'publish', 'pin']);
    expect(noticeSpec.remove!.when!(row({ state: 'PUBLISHED' }))).toBe(false);
    expect(noticeSpec.remove!.when!(row({ state: 'DRAFT' }))).toBe(true);
  });

  it('marks pinned and scheduled notices', () => {
    const state = noticeSpec.columns.find((c) => c.key === 'state')!;
    const title = noticeSpec.columns.find((c) => c.key === 'title')!;
    expect(html(renderCell(state, row({ state: 'PUBLISHED', scheduled: true }), t))).toContain('定时');
    expect(html(renderCell(title, row({ pinned: true }), t))).toContain('置顶');
  });

  it('sends the cover as its file id, and none when it was removed', () => {
    const toPayload = noticeSpec.form!.toPayload!;
    expect(toPayload({ title: 'a', coverFileId: 3 }, null)).toEqual({ title: 'a', coverFileId: 3 });
    expect(toPayload({ title: 'a' }, row({ id: 9, version: 4 }))).toEqual({ title: 'a', coverFileId: null, id: 9, version: 4 });
  });
});

describe('the guarantee methods screen', () => {
  const docs = guaranteeSpec.columns.find((c) => c.key === 'requiredDocs')!;
  const row = (requiredDocs: string[]) => ({ requiredDocs }) as unknown as GuaranteeRow;

  it('names the required documents in the reader\'s language, and a code it does not know as typed', () => {
    const cell = html(renderCell(docs, row(['PROPERTY_CERT', 'VALUATION_REPORT', 'LAND_DEED']), t));
    expect(cell).toContain('房产证');
    expect(cell).toContain('房产评估报告');
    expect(cell).toContain('LAND_DEED');
    expect(cell).not.toContain('PROPERTY_CERT');
  });
});
