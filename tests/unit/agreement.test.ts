// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${name} is the SMS templates' variable syntax, written as the user types it
import { describe, expect, it } from 'vitest';
import { amountInWords, fillTemplate, placeholdersOf, unknownPlaceholders } from '@/lib/workflow/agreement';
import { renderSms, unknownVariables, variablesOf } from '@/lib/workflow/sms';

describe('amountInWords (大写金额)', () => {
  it.each([
    [0, '零元整'],
    [0.05, '伍分'],
    [0.5, '伍角'],
    [10, '壹拾元整'],
    [100_000.5, '壹拾万元零伍角'],
    [200_000, '贰拾万元整'],
    [300_000, '叁拾万元整'],
    [4_000_000, '肆佰万元整'],
    [1_000_500, '壹佰万零伍佰元整'],
    [10_005, '壹万零伍元整'],
    [1_680.32, '壹仟陆佰捌拾元零叁角贰分'],
    [1.05, '壹元零伍分'],
    [123_456_789.12, '壹亿贰仟叁佰肆拾伍万陆仟柒佰捌拾玖元壹角贰分'],
    [100_000_000, '壹亿元整'],
  ])('%s is %s', (amount, words) => {
    expect(amountInWords(amount)).toBe(words);
  });

  it('refuses what is not an amount', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(Number.NaN)).toThrow(RangeError);
  });
});

describe('agreement placeholders', () => {
  it('fills known placeholders (spaces inside the braces allowed) and leaves others as written', () => {
    const body = '借款人 {{proposer.name}}，金额 {{ amountInWords }}，{{unknown}}';
    expect(placeholdersOf(body)).toEqual(['proposer.name', 'amountInWords', 'unknown']);
    expect(unknownPlaceholders(body)).toEqual(['unknown']);
    expect(fillTemplate(body, { 'proposer.name': '张三', amountInWords: '贰拾万元整' })).toBe('借款人 张三，金额 贰拾万元整，{{unknown}}');
  });
});

describe('SMS variables', () => {
  it('renders the signature and the values, and names variables the scene lacks', () => {
    expect(variablesOf('${name} ${ number } ${name}')).toEqual(['name', 'number']);
    expect(unknownVariables('REFUSED', '${name} ${code} ${reason}')).toEqual(['code']);
    expect(renderSms('签名', '${name}您好：${reason}${missing}', { name: '张三', reason: '材料不全' })).toBe('【签名】张三您好：材料不全');
  });
});

describe('field messages with values', () => {
  it('carries a key and its values through a 422, and reads a plain key as it is', async () => {
    const { fieldMessage, splitFieldMessage } = await import('@/lib/contract/field-message');
    const message = fieldMessage('validation.productAmount', { min: '10,000', max: '300,000' });
    expect(message).toBe('validation.productAmount|{"min":"10,000","max":"300,000"}');
    expect(splitFieldMessage(message)).toEqual(['validation.productAmount', { min: '10,000', max: '300,000' }]);
    expect(splitFieldMessage('validation.amount')).toEqual(['validation.amount', {}]);
    expect(splitFieldMessage('validation.x|not json')).toEqual(['validation.x', {}]);
  });
});
