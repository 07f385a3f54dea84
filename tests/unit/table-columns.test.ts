import { describe, expect, it } from 'vitest';
import { forReader } from '@/components/crud/table-columns';

type Column = { key: string; language?: 'zh-CN' | 'en'; hidden?: true };
const columns: Column[] = [{ key: 'code' }, { key: 'nameZh', language: 'zh-CN' }, { key: 'state' }, { key: 'nameEn', language: 'en' }, { key: 'note', hidden: true }];
const shown = (list: Column[]) => list.filter((c) => !c.hidden).map((c) => c.key);

describe('columns of a record kept in two languages', () => {
  it('shows the Chinese name to a Chinese reader and hides the English one', () => {
    const result = forReader(columns, 'zh-CN');
    expect(result.map((c) => c.key)).toEqual(['code', 'nameZh', 'state', 'nameEn', 'note']);
    expect(shown(result)).toEqual(['code', 'nameZh', 'state']);
  });

  it('puts the English name in the Chinese one\'s place for an English reader', () => {
    const result = forReader(columns, 'en');
    expect(result.map((c) => c.key)).toEqual(['code', 'nameEn', 'nameZh', 'state', 'note']);
    expect(shown(result)).toEqual(['code', 'nameEn', 'state']);
  });

  it('leaves a table without language columns as it is', () => {
    const plain: Column[] = [{ key: 'a' }, { key: 'b', hidden: true }];
    expect(forReader(plain, 'en')).toBe(plain);
  });
});
