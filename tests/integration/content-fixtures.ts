import type { Upstream } from './harness';

export const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]);
export const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');

/** Uploads a content file (ueditor-file/upload) as the editor does; answers the envelope. */
export async function uploadContent(up: Upstream, token: string | undefined, file: { bytes: Uint8Array; name: string; type?: string }) {
  const form = new FormData();
  form.set('file', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? '' }));
  const response = await up.fetch(new Request('http://upstream/api/ueditor-file/upload', {
    method: 'POST', body: form, headers: { 'accept-language': 'zh-CN', 'x-client-ip': '10.0.0.1', ...(token ? { token } : {}) },
  }));
  return { status: response.status, body: await response.json() };
}

/** Reads a content file as the portal (no token) or a signed-in user does. */
export const readContent = (up: Upstream, id: number, token?: string) =>
  up.fetch(new Request(`http://upstream/api/ueditor-file/file?id=${id}`, { headers: token ? { token } : {} }));
