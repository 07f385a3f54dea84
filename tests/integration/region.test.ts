import { expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { expectFields } from './helpers';
import type { RegionEntry } from '../../lib/contract/region';

describeUpstream('mobile/public/getAreainfo', (up) => {
  const area = (body: object, method: 'GET' | 'POST' = 'POST') => up().call<RegionEntry[]>('mobile/public/getAreainfo', body, { method });

  it('lists the 34 provinces under parent code 86, grouped by letter, without a token', async () => {
    const { status, body } = await area({ parentCode: '86' });
    expect(status).toBe(200);
    const provinces = body.data;
    expect(provinces).toHaveLength(34);
    for (const p of provinces) {
      expect(p).toEqual({ letter: expect.stringMatching(/^[A-Z]$/), name: expect.any(String), code: expect.stringMatching(/^\d{6}$/), parentCode: '86' });
    }
    const letters = provinces.map((p) => p.letter);
    expect(letters).toEqual([...letters].sort());
    expect(provinces).toContainEqual({ letter: 'H', name: '湖南省', code: '430000', parentCode: '86' });
    expect(provinces).toContainEqual({ letter: 'B', name: '北京市', code: '110000', parentCode: '86' });
    expect(new Set(provinces.map((p) => p.code)).size).toBe(34);
  });

  it('lists the cities of Hunan, including Changsha, by POST and GET alike', async () => {
    const post = await area({ parentCode: '430000' });
    expect(post.body.data).toContainEqual({ letter: 'C', name: '长沙市', code: '430100', parentCode: '430000' });
    expect(post.body.data.every((c) => c.parentCode === '430000' && c.code.startsWith('43'))).toBe(true);
    expect(post.body.data.length).toBeGreaterThanOrEqual(14);
    const get = await area({ parentCode: '430000' }, 'GET');
    expect(get.body.data).toEqual(post.body.data);
  });

  it('names the regions in the caller’s language, grouped by the Chinese name’s letter', async () => {
    const { body } = await up().call<RegionEntry[]>('mobile/public/getAreainfo', { parentCode: '430000' }, { locale: 'en' });
    expect(body.data).toContainEqual({ letter: 'C', name: 'Changsha', code: '430100', parentCode: '430000' });
    expect(body.data.every((c) => !/[\u4e00-\u9fff]/.test(c.name))).toBe(true);
  });

  it('answers an empty list for a code without children', async () => {
    const { status, body } = await area({ parentCode: '430100' });
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
  });

  it.each(['abc', '8', '4300001234567', '43 00'])('refuses the parent code %j', async (parentCode) => {
    expectFields(await area({ parentCode }), { parentCode: 'validation.regionCode' });
  });

  it('refuses a non-text parent code', async () => {
    expect((await area({ parentCode: 86 })).status).toBe(422);
  });
});
