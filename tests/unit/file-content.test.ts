import { describe, expect, it } from 'vitest';
import { acceptedMime, displayName, sniffMime } from '@/upstream/modules/files/content';
import { contentDisposition } from '@/lib/http/file-name';
import { FILE_ACCEPT, FILE_NAME_MAX, mimeOfEnding } from '@/lib/workflow/files';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xdb]);
const PDF = new TextEncoder().encode('%PDF-1.7');
const GIF = new TextEncoder().encode('GIF89a');

describe('file content', () => {
  it('tells JPEG, PNG and PDF by their first bytes, and nothing else', () => {
    expect(sniffMime(PNG)).toBe('image/png');
    expect(sniffMime(JPEG)).toBe('image/jpeg');
    expect(sniffMime(PDF)).toBe('application/pdf');
    expect(sniffMime(GIF)).toBeNull();
    expect(sniffMime(PNG.slice(0, 4))).toBeNull();
    expect(sniffMime(new Uint8Array(0))).toBeNull();
  });

  it('accepts content whose declared type and name ending agree with it', () => {
    expect(acceptedMime(JPEG, 'image/jpeg', 'a.JPEG')).toBe('image/jpeg');
    expect(acceptedMime(JPEG, 'image/jpg', 'a.jpg')).toBe('image/jpeg');
    expect(acceptedMime(PNG, '', 'scan')).toBe('image/png');
    expect(acceptedMime(PDF, 'application/octet-stream', 'x.pdf')).toBe('application/pdf');
    expect(acceptedMime(PNG, 'image/jpeg', 'a.png')).toBeNull();
    expect(acceptedMime(PNG, 'image/png', 'a.pdf')).toBeNull();
    expect(acceptedMime(GIF, 'image/png', 'a.png')).toBeNull();
  });

  it('keeps a base name without paths or reserved characters, ending as its type does', () => {
    expect(displayName('../../etc/passwd', 'image/png')).toBe('passwd.png');
    expect(displayName('C:\\Users\\me\\身份证.JPG', 'image/jpeg')).toBe('身份证.JPG');
    expect(displayName('a<b>:c"d|e?f*.pdf', 'application/pdf')).toBe('abcdef.pdf');
    expect(displayName('...', 'image/png')).toBe('file.png');
    expect(displayName('report.png', 'application/pdf')).toBe('report.png.pdf');
    const long = displayName(`${'名'.repeat(300)}.pdf`, 'application/pdf');
    expect([...long]).toHaveLength(FILE_NAME_MAX);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  it('names the file inline with an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('合同 (1).pdf', 'inline')).toBe(`inline; filename="__ (1).pdf"; filename*=UTF-8''%E5%90%88%E5%90%8C%20%281%29.pdf`);
  });

  it('offers the allowed endings to the file picker', () => {
    expect(FILE_ACCEPT).toBe('.jpg,.jpeg,.png,.pdf');
    expect(mimeOfEnding('jpeg')).toBe('image/jpeg');
    expect(mimeOfEnding('gif')).toBeNull();
  });
});
