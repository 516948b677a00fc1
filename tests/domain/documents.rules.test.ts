import { describe, expect, it } from 'vitest';
import { formatDateTime, tashkentDay } from '@/domain/dates.rules';
import {
  DOCUMENT_REFUSAL_REASONS,
  defaultDocumentsFilter,
  documentFileName,
  documentNumber,
  documentsFilterError,
  documentTitle,
  pageSlice,
  parseDocumentsFilter,
  parseDocumentsPage,
  parseDocumentsTab,
  refusalReasonOf,
  serviceTypesOf,
  typesOfTab,
} from '@/domain/documents.rules';

describe('documentFileName: the name people give a download', () => {
  it.each([
    ['Договор', '100234561', '2026-11-24', 'pdf', 'Договор_100234561_2026-11-24.pdf'],
    [
      'Акт передачи номеров',
      '100672418',
      '2026-11-05',
      'pdf',
      'Акт_передачи_номеров_100672418_2026-11-05.pdf',
    ],
    [
      'Raqamlarni topshirish dalolatnomasi',
      '100672418',
      '2026-11-05',
      'pdf',
      'Raqamlarni_topshirish_dalolatnomasi_100672418_2026-11-05.pdf',
    ],
    ['Счёт-фактура', null, '2026-01-02', 'pdf', 'Счёт-фактура_2026-01-02.pdf'],
    ['a/b:c*?"<>|d', '1', '2026-01-01', 'docx', 'a_b_c_d_1_2026-01-01.docx'],
    ['  ', '1', '2026-01-01', 'pdf', 'document_1_2026-01-01.pdf'],
    ['x\u0007y', '1', '2026-01-01', 'pdf', 'xy_1_2026-01-01.pdf'],
  ])('%s → %s', (title, ban, day, ext, name) => {
    expect(documentFileName(title, ban, day, ext)).toBe(name);
  });
});

describe('documentsFilterError (spec 5 date range)', () => {
  it.each([
    [{ dt1: '2026-01-01', dt2: '2026-01-01', types: [] }, null],
    [{ dt1: '2026-01-01', dt2: '2026-02-01', types: [8, 17] }, null],
    [{ dt1: '2026-02-01', dt2: '2026-01-01', types: [] }, 'validation.dateRange'],
    [{ dt1: '', dt2: '2026-01-01', types: [] }, 'validation.dateRange'],
    [{ dt1: '2026-01-01', dt2: 'завтра', types: [] }, 'validation.badDate'],
    [{ dt1: '2026-01-01', dt2: '2026-02-01', types: [7] }, 'validation.fields'],
  ])('%o → %s', (f, code) => {
    expect(documentsFilterError(f)).toBe(code);
  });
});

describe('tabs, types, URL values, pages', () => {
  it('types of each tab; chosen service types or all', () => {
    expect(typesOfTab('suspend')).toEqual([7]);
    expect(typesOfTab('services')).toEqual([8, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(typesOfTab('orders')).toEqual([4, 5, 6]);
    expect(serviceTypesOf({ dt1: '', dt2: '', types: [] })).toHaveLength(9);
    expect(serviceTypesOf({ dt1: '', dt2: '', types: [11] })).toEqual([11]);
  });

  it('reads the URL, falling back to the last 90 days', () => {
    const today = '2026-11-24';
    expect(defaultDocumentsFilter(today)).toEqual({ dt1: '2026-08-26', dt2: today, types: [] });
    const get = (v: Record<string, string>) => (n: string) => v[n] ?? null;
    expect(parseDocumentsFilter(get({ dt1: '2026-01-01', dt2: 'x', types: '13,8,8,7,abc' }), today)).toEqual({
      dt1: '2026-01-01',
      dt2: today,
      types: [8, 13],
    });
    expect(parseDocumentsTab('suspend')).toBe('suspend');
    expect(parseDocumentsTab('<script>')).toBe('orders');
    expect(parseDocumentsPage('3')).toBe(3);
    expect(parseDocumentsPage('-1')).toBe(1);
    expect(parseDocumentsPage(null)).toBe(1);
  });

  it('pages a list, clamping the page', () => {
    const items = Array.from({ length: 45 }, (_, i) => i);
    expect(pageSlice(items, 1, 20)).toMatchObject({ page: 1, pages: 3, rows: items.slice(0, 20) });
    expect(pageSlice(items, 3, 20).rows).toEqual([40, 41, 42, 43, 44]);
    expect(pageSlice(items, 9, 20).page).toBe(3);
    expect(pageSlice([], 1, 20)).toEqual({ rows: [], page: 1, pages: 1 });
  });

  it('the Tashkent day of an instant (UTC+5)', () => {
    expect(tashkentDay(Date.UTC(2026, 10, 23, 19, 30))).toBe('2026-11-24');
    expect(tashkentDay(Date.UTC(2026, 10, 23, 18, 59))).toBe('2026-11-23');
    // the refund line's time (PRM1): UTC+5, past midnight on the next day
    expect(formatDateTime(Date.UTC(2026, 10, 23, 19, 5))).toBe('24.11.2026 00:05');
    expect(formatDateTime(Date.UTC(2026, 0, 1, 6, 30))).toBe('01.01.2026 11:30');
  });
});

describe('documentNumber and documentTitle (DOC14)', () => {
  it.each([
    [{ id: 9, data: { number: 'A-2026-7' }, orderId: 3 }, 'A-2026-7'],
    [{ id: 9, orderId: 3 }, '3'],
    [{ id: 9, orderId: null, registrationRef: 'services:14' }, 'S-14'],
    [{ id: 9, registrationRef: 'services:seed-8' }, '9'],
    [{ id: 9, data: { number: '  ' } }, '9'],
  ])('the number of %o is %s', (d, n) => {
    expect(documentNumber(d)).toBe(n);
  });
  it('a title is the label and the number; the label alone without one', () => {
    expect(documentTitle('Накладная', '12')).toBe('Накладная № 12');
    expect(documentTitle('Yuk xati', '12')).toBe('Yuk xati № 12');
    expect(documentTitle('Договор', null)).toBe('Договор');
    expect(documentTitle('Договор', ' ')).toBe('Договор');
  });
});

describe('refusalReasonOf: a refusal code the portal has a text for (DOC20)', () => {
  it('keeps a known code and drops anything else (a backend’s free text stays in statusMessage)', () => {
    for (const code of DOCUMENT_REFUSAL_REASONS) expect(refusalReasonOf(code)).toBe(code);
    expect(refusalReasonOf('Скан не читается')).toBeNull();
    expect(refusalReasonOf('toString')).toBeNull();
    expect(refusalReasonOf(null)).toBeNull();
    expect(refusalReasonOf(undefined)).toBeNull();
    expect(refusalReasonOf(1)).toBeNull();
  });
});
