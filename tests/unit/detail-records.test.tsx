// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { NextIntlClientProvider } from 'next-intl';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DetailRecords } from '@/components/approval/detail-records';
import { ShellProvider } from '@/components/shell/shell-context';
import type { RecordRow } from '@/lib/contract/workflow';
import { UI_TEXTS } from '@/lib/i18n';

const OPINION = '经营场所与申报材料中的地址不一致，且租赁合同已过期，请补充新的租赁合同及近六个月的经营流水后重新提交。';
const REASON = '申请材料与实际经营情况不符，经实地核查不予通过';
const record: RecordRow = {
  id: 1, action: 'REFUSE', stage: 'BANK_FIRST', toStage: null, fromStatus: 'IN_REVIEW', toStatus: 'REFUSED', actor: '银行终审员',
  actorOrg: '中国工商银行长沙分行', targetUser: null, opinion: OPINION, refuseReason: REASON, remark: '', createTime: '2026-11-24T03:40:06Z',
};

/** antd's breakpoints answer from matchMedia: `wide` makes every min-width query match (a desktop). */
function screenWidth(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide && query.includes('min-width'), media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
  }));
}

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 200, message: 'ok', data: [record] }), { headers: { 'content-type': 'application/json' } })));
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

function renderRecords() {
  const user = { id: 1, username: 'u', nickname: 'U', type: 1, uuid: 'x', orgName: null };
  return render(
    <NextIntlClientProvider locale="zh-CN" messages={UI_TEXTS['zh-CN']} timeZone="Asia/Shanghai">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <App>
          <ShellProvider user={user} initialMenu={{ menu: [], access: [], version: 'v' }} initialPowers={[]}>
            <DetailRecords id={1} />
          </ShellProvider>
        </App>
      </SWRConfig>
    </NextIntlClientProvider>,
  );
}

describe('the approval records of the detail drawer', () => {
  it('on a desktop: a table whose cells hold every text whole (no cell is cut with an ellipsis)', async () => {
    screenWidth(true);
    const { container } = renderRecords();
    const row = (await screen.findByText(OPINION)).closest('tr')!;
    expect(within(row).getByText(REASON)).toBeTruthy();
    expect(within(row).getByText('银行终审员 · 中国工商银行长沙分行')).toBeTruthy();
    expect(container.querySelectorAll('.ant-table-cell-ellipsis')).toHaveLength(0);
  });

  it('on a phone: one block per record, each text under its label', async () => {
    screenWidth(false);
    renderRecords();
    const block = (await screen.findByText(OPINION)).closest('li')!;
    expect(within(block).getByText('审批意见').tagName).toBe('DT');
    expect(within(block).getByText(REASON).tagName).toBe('DD');
    expect(within(block).getByText('拒绝')).toBeTruthy();
  });
});
