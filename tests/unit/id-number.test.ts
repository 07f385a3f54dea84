import { describe, expect, it } from 'vitest';
import { idBirthDate, idCheckDigit, idGender, isValidIdNumber, maskIdNumber, maskMobile, maskName } from '@/lib/workflow/id-number';

const TODAY = new Date(2026, 10, 22);

describe('idCheckDigit (GB 11643)', () => {
  it.each([
    ['11010519491231002', 'X'],
    ['11010119900307123', '3'],
    ['43010419851015351', '5'],
    ['44052418800101001', '4'],
  ])('%s -> %s', (first17, check) => {
    expect(idCheckDigit(first17)).toBe(check);
  });

  it('needs exactly 17 digits', () => {
    for (const bad of ['1101051949123100', '110105194912310021', '1101051949123100a']) {
      expect(() => idCheckDigit(bad)).toThrow(RangeError);
    }
  });
});

describe('isValidIdNumber', () => {
  it.each(['11010519491231002X', '110101199003071233', '430104198510153515'])('accepts %s', (id) => {
    expect(isValidIdNumber(id, TODAY)).toBe(true);
  });

  it('accepts a birth date of today and of a leap day', () => {
    const today = '43010420261122001';
    expect(isValidIdNumber(today + idCheckDigit(today), TODAY)).toBe(true);
    const leap = '43010420000229001';
    expect(isValidIdNumber(leap + idCheckDigit(leap), TODAY)).toBe(true);
  });

  it.each([
    ['wrong check digit', '110101199003071234'],
    ['lower-case x', '11010519491231002x'],
    ['too short', '11010519491231002'],
    ['too long', '11010519491231002X1'],
    ['letters', '1101051949123100AX'],
    ['unknown province', with17('99010519491231002')],
    ['region starting with 0', with17('01010519491231002')],
    ['no 30 February', with17('43010419900230001')],
    ['no 29 February in 1900', with17('43010419000229001')],
    ['month 13', with17('43010419901301001')],
    ['day 00', with17('43010419900100001')],
    ['born before 1900', with17('43010418991231001')],
    ['born tomorrow', with17('43010420261123001')],
    ['empty', ''],
  ])('rejects %s', (_, id) => {
    expect(isValidIdNumber(id, TODAY)).toBe(false);
  });

  it('tells the birth date and the gender', () => {
    expect(idBirthDate('11010519491231002X', TODAY)).toBe('1949-12-31');
    expect(idBirthDate('43010419900230001X', TODAY)).toBeNull();
    expect(idGender('11010519491231002X')).toBe('FEMALE');
    expect(idGender('430104198510153515')).toBe('MALE');
  });
});

describe('masks (DESIGN.md section 4)', () => {
  it('keeps the first 3 and the last 4 characters', () => {
    expect(maskIdNumber('110101199003071234')).toBe('110***********1234');
    expect(maskIdNumber('11010519491231002X')).toBe('110***********002X');
    expect(maskMobile('13812345678')).toBe('138****5678');
  });

  it('masks a value too short to keep anything whole', () => {
    expect(maskMobile('1381234')).toBe('*******');
    expect(maskMobile('')).toBe('');
    expect(maskIdNumber('12345678')).toBe('123*5678');
  });

  it('keeps the first and last character of a name in published notices', () => {
    expect(maskName('张三明')).toBe('张*明');
    expect(maskName('欧阳小明')).toBe('欧**明');
    expect(maskName('张三')).toBe('张*');
    expect(maskName('张')).toBe('*');
    expect(maskName(' 𠀀二三 ')).toBe('𠀀*三');
  });
});

function with17(first17: string): string {
  return first17 + (/^\d{17}$/.test(first17) ? idCheckDigit(first17) : '0');
}
