// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveBlob } from '@/services/export/blob-download.export';

/** The name the browser is asked to save a fetched file under (security finding 32, PRM6). */
function savedName(blob: Blob, fileName: string): string {
  let name = '';
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    name = this.download;
  });
  saveBlob(blob, fileName);
  return name;
}

describe('saveBlob', () => {
  URL.createObjectURL = vi.fn(() => 'blob:test');
  URL.revokeObjectURL = vi.fn();
  afterEach(() => vi.restoreAllMocks());

  it('names the file with the extension of the type it came with', () => {
    expect(savedName(new Blob(['x'], { type: 'image/png' }), 'Накладная скан_100672418_2026-11-24.pdf')).toBe(
      'Накладная скан_100672418_2026-11-24.png',
    );
    expect(savedName(new Blob(['x'], { type: 'application/pdf' }), 'notice-1.pdf')).toBe('notice-1.pdf');
    expect(savedName(new Blob(['x'], { type: 'text/csv;charset=utf-8' }), 'orders.csv')).toBe('orders.csv');
    expect(savedName(new Blob(['x'], { type: 'application/octet-stream' }), 'scan.pdf')).toBe('scan.bin');
  });

  it('keeps the given name when the type is not one the portal serves', () => {
    expect(savedName(new Blob(['x']), 'instruction.docx')).toBe('instruction.docx');
  });
});
