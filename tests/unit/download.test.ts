import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, download, setNotifier, type Notice } from '@/lib/api/client';
import { contentDisposition } from '@/lib/http/file-name';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
afterEach(() => { vi.unstubAllGlobals(); setNotifier(() => {}); });

function answer(response: Response) {
  const fetch = vi.fn(async () => response);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('download()', () => {
  it('posts the search, saves the file under its name and resolves with the name', async () => {
    const fetch = answer(new Response(new Uint8Array([0x50, 0x4b]), { headers: { 'content-type': XLSX, 'content-disposition': contentDisposition('银行初审.xlsx') } }));
    const save = vi.fn();
    await expect(download('businessClubFirstTrial/exportAll', { stage: 'BANK_FIRST', name: '张三' }, { save })).resolves.toBe('银行初审.xlsx');
    expect(fetch).toHaveBeenCalledWith('/api/businessClubFirstTrial/exportAll', expect.objectContaining({ method: 'POST', body: '{"stage":"BANK_FIRST","name":"张三"}' }));
    const [file, name] = save.mock.calls[0]!;
    expect(name).toBe('银行初审.xlsx');
    expect((file as Blob).size).toBe(2);
  });

  it('shows an error answer like any other call and rejects with its code', async () => {
    answer(Response.json({ code: 422, message: '导出的数据超过 50000 条，请缩小查询范围后再导出！', data: null }, { status: 422 }));
    const notices: Notice[] = [];
    setNotifier((n) => notices.push(n));
    const save = vi.fn();
    const error = await download('businessClubFirstTrial/exportAll', {}, { save }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(422);
    expect(notices).toEqual([{ text: '导出的数据超过 50000 条，请缩小查询范围后再导出！' }]);
    expect(save).not.toHaveBeenCalled();
  });

  it('a network failure or an answer that is no file is the system error', async () => {
    const notices: Notice[] = [];
    setNotifier((n) => notices.push(n));
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('network'); }));
    await expect(download('businessClubFirstTrial/exportAll', {}, { save: vi.fn() })).rejects.toMatchObject({ code: 500 });
    answer(Response.json({ code: 200, message: 'ok', data: null }));
    await expect(download('businessClubFirstTrial/exportAll', {}, { save: vi.fn() })).rejects.toMatchObject({ code: 500 });
    expect(notices).toEqual([{ key: 'system' }, { key: 'system' }]);
  });
});
