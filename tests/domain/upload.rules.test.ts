import { describe, expect, it } from 'vitest';
import {
  DEFAULT_UPLOAD_LIMITS,
  isAcceptedUploadKind,
  refuseUploadFile,
  sniffUploadKind,
  UPLOAD_MAX_BYTES,
  uploadAccept,
  uploadKindOfName,
  uploadPercent,
} from '@/domain/upload.rules';

const bytes = (...b: number[]) => new Uint8Array(b);

describe('sniffUploadKind: the real type from the first bytes', () => {
  it.each([
    ['PDF', bytes(0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37), 'pdf'],
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46), 'jpeg'],
    ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'png'],
    ['Windows program (MZ)', bytes(0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0), null],
    ['ZIP / docx', bytes(0x50, 0x4b, 3, 4, 0x14, 0, 6, 0), null],
    ['PNG cut short', bytes(0x89, 0x50, 0x4e, 0x47), null],
    ['"%PDF" without the dash', bytes(0x25, 0x50, 0x44, 0x46), null],
    ['empty', bytes(), null],
  ])('%s', (_, head, kind) => {
    expect(sniffUploadKind(head)).toBe(kind);
  });
});

describe('refuseUploadFile: size and name before anything is read', () => {
  it.each([
    [{ name: 'scan.pdf', size: 1 }, null],
    [{ name: 'SCAN.PDF', size: UPLOAD_MAX_BYTES }, null],
    [{ name: 'photo.JPEG', size: 10 }, null],
    [{ name: 'photo.jpg', size: 10 }, null],
    [{ name: 'page.png', size: 10 }, null],
    [{ name: 'scan.pdf', size: UPLOAD_MAX_BYTES + 1 }, 'upload.tooLarge'],
    [{ name: 'scan.pdf', size: 0 }, 'upload.empty'],
    [{ name: 'setup.exe', size: 10 }, 'E118'],
    [{ name: 'contract.docx', size: 10 }, 'E118'],
    [{ name: 'noextension', size: 10 }, 'E118'],
    [{ name: 'scan.pdf.exe', size: 10 }, 'E118'],
  ])('%o → %s', (file, code) => {
    expect(refuseUploadFile(file, DEFAULT_UPLOAD_LIMITS)).toBe(code);
  });

  it('honours narrower limits (a target that takes PDF only)', () => {
    const pdfOnly = { kinds: ['pdf'] as const, maxBytes: 1000 };
    expect(refuseUploadFile({ name: 'a.png', size: 10 }, pdfOnly)).toBe('E118');
    expect(refuseUploadFile({ name: 'a.pdf', size: 1001 }, pdfOnly)).toBe('upload.tooLarge');
    expect(isAcceptedUploadKind('png', pdfOnly)).toBe(false);
    expect(isAcceptedUploadKind('pdf', pdfOnly)).toBe(true);
    expect(isAcceptedUploadKind(null, DEFAULT_UPLOAD_LIMITS)).toBe(false);
  });
});

describe('helpers', () => {
  it('kind of a name, accept attribute, percent', () => {
    expect(uploadKindOfName('a.JpG')).toBe('jpeg');
    expect(uploadKindOfName('a')).toBeNull();
    expect(uploadAccept(['pdf', 'png'])).toBe('.pdf,application/pdf,.png,image/png');
    expect(uploadPercent(1, 3)).toBe(33);
    expect(uploadPercent(5, 0)).toBe(0);
    expect(uploadPercent(9, 3)).toBe(100);
  });
});
