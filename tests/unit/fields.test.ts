import { describe, expect, it } from 'vitest';
import { date, id, INT_MAX, line, longText, money, pageSize, raw } from '../../lib/contract/fields';

const ok = (schema: { safeParse(v: unknown): { success: boolean } }, v: unknown) => schema.safeParse(v).success;

describe('shared field schemas', () => {
  it('takes an id as a number or its canonical decimal text, within an integer column', () => {
    expect(id.parse(7)).toBe(7);
    expect(id.parse('7')).toBe(7);
    expect(id.parse(INT_MAX)).toBe(INT_MAX);
    for (const bad of [0, -1, INT_MAX + 1, 2 ** 53, 1.5, true, false, [300], '0x12c', '  7  ', '7 ', '07', '1e3', '', null, {}, Number.NaN, Infinity]) {
      expect(ok(id, bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('takes only the offered page sizes', () => {
    expect(pageSize.parse(undefined)).toBe(10);
    for (const size of [5, 10, 20, 30]) expect(pageSize.parse(size)).toBe(size);
    for (const bad of [0, 7, 31, 1000, '10 ', true]) expect(ok(pageSize, bad), String(bad)).toBe(false);
  });

  it('refuses control characters: none in a line, only tab and line breaks in long texts', () => {
    expect(line(10).parse('  abc ')).toBe('abc');
    for (const bad of ['a\u0000b', 'a\nb', 'a\tb', '\u007f', 'a\u0085b']) expect(ok(line(10), bad), JSON.stringify(bad)).toBe(false);
    expect(longText(20).parse('one\ntwo\tthree')).toBe('one\ntwo\tthree');
    for (const bad of ['a\u0000b', 'a\u001bb', 'a\u000bb']) expect(ok(longText(20), bad), JSON.stringify(bad)).toBe(false);
    expect(ok(line(3), 'abcd')).toBe(false);
    expect(raw(20).parse(' pass word ')).toBe(' pass word ');
    expect(ok(raw(20), 'pass\u0000')).toBe(false);
  });

  it('takes money with at most two decimals, positive and bounded', () => {
    expect(money().parse(1234.5)).toBe(1234.5);
    expect(money().parse('1234.56')).toBe(1234.56);
    for (const bad of [0, -1, 1.234, '1.234', '01', ' 5', true, [5], 1e13]) expect(ok(money(), bad), String(bad)).toBe(false);
    expect(ok(money('validation.amount', 100), 100.01)).toBe(false);
  });

  it('takes only calendar dates that exist', () => {
    expect(date.parse('2024-02-29')).toBe('2024-02-29');
    for (const bad of ['2023-02-29', '2024-13-01', '2024-1-1', '20240101', '2024-01-01T00:00:00Z', '']) expect(ok(date, bad), bad).toBe(false);
  });
});
