import { describe, expect, it } from 'vitest';
import {
  contentDisposition,
  DOWNLOAD_TYPES,
  downloadName,
  downloadTypeOf,
  isDownloadType,
} from '@/domain/download.rules';

/** Security finding 32 (PRM6): a download is named by the type it is served as, never by its uploader. */
describe('download rules', () => {
  it.each([
    ['application/pdf', 'application/pdf'],
    ['IMAGE/PNG', 'image/png'],
    ['text/csv;charset=utf-8', 'text/csv'],
    ['text/html', 'application/octet-stream'],
    ['image/svg+xml', 'application/octet-stream'],
    ['', 'application/octet-stream'],
  ])('%s is served as %s', (mime, type) => expect(downloadTypeOf(mime)).toBe(type));

  it('knows only the types it serves', () => {
    expect(isDownloadType('application/pdf')).toBe(true);
    expect(isDownloadType('text/html')).toBe(false);
    expect(isDownloadType('toString')).toBe(false);
    expect(Object.values(DOWNLOAD_TYPES)).toEqual(['pdf', 'jpg', 'png', 'docx', 'xlsx', 'csv', 'bin']);
  });

  it.each([
    ['evil.html', 'application/pdf', 'evil.pdf'],
    ['scan.pdf.html', 'image/png', 'scan.pdf.png'],
    ['Скан договора.pdf', 'application/pdf', 'Скан договора.pdf'],
    ['C:\\Users\\me\\photo.JPG', 'image/jpeg', 'photo.jpg'],
    ['../../etc/passwd', 'text/plain', 'passwd.bin'],
    ['.htaccess', 'application/pdf', 'file.pdf'],
    ['a"b;c\u0000d.pdf', 'application/pdf', 'a b c d.pdf'],
    ['', 'application/pdf', 'file.pdf'],
    ['notes', 'text/html', 'notes.bin'],
  ])('%j as %s downloads as %j', (name, mime, expected) => expect(downloadName(name, mime)).toBe(expected));

  it('keeps a long name short', () => {
    expect(downloadName(`${'x'.repeat(500)}.pdf`, 'application/pdf')).toBe(`${'x'.repeat(120)}.pdf`);
  });

  it('is always an attachment, with an ASCII name and the UTF-8 one', () => {
    expect(contentDisposition('evil.pdf')).toBe(`attachment; filename="evil.pdf"; filename*=UTF-8''evil.pdf`);
    expect(contentDisposition('Накладная_100672418_2026-11-24.pdf')).toBe(
      `attachment; filename="__100672418_2026-11-24.pdf"; filename*=UTF-8''${encodeURIComponent('Накладная')}_100672418_2026-11-24.pdf`,
    );
    expect(contentDisposition('Скан.png')).toBe(
      `attachment; filename="download.png"; filename*=UTF-8''${encodeURIComponent('Скан')}.png`,
    );
    expect(contentDisposition("it's (1).pdf")).toBe(
      `attachment; filename="it's (1).pdf"; filename*=UTF-8''it%27s%20%281%29.pdf`,
    );
  });
});
