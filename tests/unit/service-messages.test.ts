import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Tree } from '@/lib/contract/text-catalogue';
import sharedEn from '@/lib/contract/texts/en.json';
import sharedZh from '@/lib/contract/texts/zh-CN.json';
import { UI_TEXTS } from '@/lib/i18n';
import uiEn from '@/messages/en.json';
import uiZh from '@/messages/zh-CN.json';
import { SERVICE_TEXTS, translator } from '@/upstream/core/i18n';
import serviceEn from '@/upstream/messages/en.json';
import serviceZh from '@/upstream/messages/zh-CN.json';
import { keysOf, serviceKeys } from './service-keys';

const textOf = (tree: Tree, key: string) => key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);

describe('the service ships its own message catalogue', () => {
  const { keys, unlisted } = serviceKeys(SERVICE_TEXTS['zh-CN']);

  it('holds every key the service uses, in both languages', () => {
    expect(unlisted).toEqual([]);
    expect(keys.size).toBeGreaterThan(200);
    for (const locale of ['zh-CN', 'en'] as const) {
      expect([...keys].filter((key) => typeof textOf(SERVICE_TEXTS[locale], key) !== 'string'), locale).toEqual([]);
    }
  });

  it('holds exactly the keys it uses, the same in both languages', () => {
    expect(keysOf(SERVICE_TEXTS.en).sort()).toEqual(keysOf(SERVICE_TEXTS['zh-CN']).sort());
    expect(keysOf(SERVICE_TEXTS['zh-CN']).filter((key) => !keys.has(key))).toEqual([]);
  });

  it('gives each text one source: the own catalogues share no key with the shared one', () => {
    const shared = new Set([...keysOf(sharedZh), ...keysOf(sharedEn)]);
    for (const own of [uiZh, uiEn, serviceZh, serviceEn]) expect(keysOf(own).filter((key) => shared.has(key))).toEqual([]);
    const service = new Set(keysOf(serviceZh));
    expect(keysOf(uiZh).filter((key) => service.has(key))).toEqual([]);
  });

  it('has no key in both the UI and the service with different text', () => {
    for (const locale of ['zh-CN', 'en'] as const) {
      const differing = keysOf(SERVICE_TEXTS[locale]).filter((key) => {
        const ui = textOf(UI_TEXTS[locale], key);
        return ui !== undefined && ui !== textOf(SERVICE_TEXTS[locale], key);
      });
      expect(differing, locale).toEqual([]);
    }
  });
});

describe('counts in the catalogues', () => {
  it('the service fills ICU plurals: one and other in English, the one form in Chinese', () => {
    expect(translator('en')('workflow.overdueReminder', { count: 1 })).toBe('1 of your loan applications is past its time limit: please deal with it soon');
    expect(translator('en')('workflow.overdueReminder', { count: 3 })).toBe('3 of your loan applications are past their time limit: please deal with them soon');
    expect(translator('zh-CN')('workflow.overdueReminder', { count: 1 })).toBe('您有 1 笔贷款申请已超过办理时限，请尽快处理');
    expect(translator('zh-CN')('loginLocked', { minutes: 15 })).toBe('登录失败次数过多，请 15 分钟后再试');
  });

  it('no text of either language counts without a plural', () => {
    const files = ['messages/en.json', 'messages/zh-CN.json', 'upstream/messages/en.json', 'upstream/messages/zh-CN.json', 'lib/contract/texts/en.json', 'lib/contract/texts/zh-CN.json'];
    const bare: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (typeof node === 'string') {
        if (/\{(count|total|rows|retries|days|minutes)\}/.test(node)) bare.push(`${path}: ${node}`);
      } else if (node && typeof node === 'object') for (const [key, value] of Object.entries(node)) walk(value, `${path}.${key}`);
    };
    for (const file of files) walk(JSON.parse(readFileSync(file, 'utf8')), file);
    expect(bare).toEqual([]);
  });
});
