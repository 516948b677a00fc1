import { describe, expect, it } from 'vitest';
import {
  at39RefusalOf,
  changedConfirmedField,
  editableAddressFields,
  exceedsLineLimit,
  exceedsPersonLimit,
  hasAllDocuments,
  isAuthCode,
  isEditableStatus,
  isMarkedCode,
  nationalNumber,
  parseAt39Params,
  resumeStep,
  withAddressFilled,
} from '@/domain/at39.rules';
import { isOperatorNumber } from '@/domain/golden.rules';
import { isBan } from '@/domain/validators.rules';

describe('AT 39 rules', () => {
  it.each([
    ['draft', true],
    ['documents', true],
    ['rejected', true],
    ['submitted', false],
    ['registered', false],
  ] as const)('a %s registration is editable: %s (AT2)', (status, editable) => {
    expect(isEditableStatus(status)).toBe(editable);
  });

  it.each([
    [4, false],
    [5, true],
    [6, true],
  ])('a person with %i numbers is at the spec 9 limit of 5: %s (AT4)', (n, over) => {
    expect(exceedsPersonLimit(n)).toBe(over);
  });

  it('a line is full when its connections reach its limit (AT5)', () => {
    expect(exceedsLineLimit(0, 0)).toBe(true);
    expect(exceedsLineLimit(499, 500)).toBe(false);
  });

  it.each([
    ['+998 90 700 00 01', '907000001'],
    ['90 700-00-01', '907000001'],
    ['907000001', '907000001'],
    ['90 700', ''],
    ['8 90 700 00 01', ''],
    // no operator code first (PRI5): not a number the operator gives out
    ['123456789', ''],
    ['+998 88 700 00 01', ''],
    ['99 700 00 01', '997000001'],
  ])('reads the number %s as %s', (typed, digits) => {
    expect(nationalNumber(typed)).toBe(digits);
  });

  it('checks the formats of code, kit and BAN', () => {
    expect(isAuthCode('abcd2345')).toBe(true);
    expect(isAuthCode('ABC')).toBe(false);
    expect(isMarkedCode('8999801000001')).toBe(true);
    expect(isMarkedCode('89998')).toBe(false);
    expect(isBan('100234561')).toBe(true);
    expect(isBan('10023456')).toBe(false);
  });

  it.each([
    [{ status: 'draft', hasKit: false, hasNumber: false, docsComplete: false }, 'kit'],
    [{ status: 'draft', hasKit: true, hasNumber: false, docsComplete: false }, 'account'],
    [{ status: 'documents', hasKit: true, hasNumber: true, docsComplete: false }, 'documents'],
    [{ status: 'documents', hasKit: true, hasNumber: true, docsComplete: true }, 'submit'],
    [{ status: 'rejected', hasKit: true, hasNumber: false, docsComplete: true }, 'account'],
    [{ status: 'submitted', hasKit: false, hasNumber: false, docsComplete: false }, 'submit'],
  ] as const)('resumes %o at %s (AT7)', (progress, step) => {
    expect(resumeStep(progress)).toBe(step);
  });

  it('needs every document and at least one', () => {
    expect(hasAllDocuments([])).toBe(false);
    expect(hasAllDocuments([{ uploaded: true }, { uploaded: false }])).toBe(false);
    expect(hasAllDocuments([{ uploaded: true }, { uploaded: true }])).toBe(true);
  });

  it('reads the list filter from the URL, dropping what is malformed', () => {
    const q = new URLSearchParams('dt1=2026-11-01&dt2=bad&status=rejected&region=99&q=%20karimov%20&page=3');
    expect(parseAt39Params((n) => q.get(n))).toEqual({
      dt1: '2026-11-01',
      dt2: '',
      status: 'rejected',
      region: null,
      q: 'karimov',
      page: 3,
    });
  });

  it.each([
    ['901234567', true],
    ['931234567', true],
    ['991234567', true],
    ['921234567', false],
    ['1', false],
    ['9012345678', false],
  ])('reads %s as a number of the operator: %s', (sn, ok) => {
    expect(isOperatorNumber(sn)).toBe(ok);
  });

  it('names the AT 39 refusals of E013 by their description only', () => {
    expect(at39RefusalOf('E013', 'reservation expired')).toBe('reservationExpired');
    expect(at39RefusalOf('E013', 'number taken')).toBe('numberTaken');
    expect(at39RefusalOf('E094', 'reservation expired')).toBeNull();
    expect(at39RefusalOf('E013', 'documents missing')).toBeNull();
    expect(at39RefusalOf('E013', undefined)).toBeNull();
  });
});

describe('the person of a registration is the passport service’s (finding 26, PRI7)', () => {
  const confirmed = {
    clientFioInfo: { surname: 'Yusupova', name: 'Dilnoza', patronymic: 'Rustamovna' },
    clientAddressInfo: { regionId: 12, city: 'Samarqand', street: 'Registon', houseNumber: '3' },
    clientPassportInfo: { pinfl: '41506881234561', gender: 'F', passport: 'AB7654321' },
  };

  it('only the address fields the service left empty may be filled in', () => {
    expect(editableAddressFields(confirmed.clientAddressInfo)).toEqual([
      'district',
      'apartmentNumber',
      'postIndex',
    ]);
    expect(editableAddressFields({ city: ' ' })).toContain('city');
    expect(editableAddressFields(undefined)).toHaveLength(6);
  });

  it.each([
    [{}, null],
    [confirmed, null],
    [{ clientFioInfo: { surname: 'Yusupova', name: 'Dilnoza' } }, null],
    [{ clientAddressInfo: { regionId: '12', apartmentNumber: '7', postIndex: '140100' } }, null],
    [{ clientFioInfo: { surname: 'Boshqa' } }, 'clientFioInfo.surname'],
    [{ clientFioInfo: { patronymic: '' } }, 'clientFioInfo.patronymic'],
    [{ clientPassportInfo: { gender: 'M' } }, 'clientPassportInfo.gender'],
    [{ clientPassportInfo: { issuedBy: 'IIB' } }, 'clientPassportInfo.issuedBy'],
    [{ clientAddressInfo: { city: 'Buxoro' } }, 'clientAddressInfo.city'],
    [{ clientAddressInfo: { regionId: 1 } }, 'clientAddressInfo.regionId'],
  ])('what is sent (%j) changes %s', (sent, field) => {
    expect(changedConfirmedField(confirmed, sent)).toBe(field);
  });

  it('fills in the editable fields and keeps the rest', () => {
    const current = {
      ...confirmed,
      clientAddressInfo: { ...confirmed.clientAddressInfo, district: 'Markaz' },
    };
    const next = withAddressFilled(current, confirmed, {
      clientAddressInfo: { district: ' Siyob ', city: 'Samarqand', apartmentNumber: '' },
    });
    expect(next.clientAddressInfo).toEqual({ ...confirmed.clientAddressInfo, district: 'Siyob' });
    expect(next.clientFioInfo).toBe(confirmed.clientFioInfo);
  });
});
