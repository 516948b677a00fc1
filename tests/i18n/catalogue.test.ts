import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_CODES, ERROR_CODES, isClientErrorCode, isKnownErrorCode } from '@/domain/errors';
import { flattenMessages } from '@/i18n/keys';
import ruJson from '@/i18n/ru.json';
import uzJson from '@/i18n/uz.json';

const ru = flattenMessages(ruJson);
const uz = flattenMessages(uzJson);

/** Every code the spec names in section 8 (table rows, plus E009 and E108 from the text above the table). */
const SPEC_CODES = [
  'MANYINVALID',
  'SHORT3',
  'E001',
  'E019',
  'E020',
  'E002',
  'E003',
  'E004',
  'E005',
  'E006',
  'E007',
  'E008',
  'E009',
  'E012',
  'E013',
  'E014',
  'E016',
  'E018',
  'E021',
  'E022',
  'E023',
  'E024',
  'E025',
  'E026',
  'E030',
  'E031',
  'E052',
  'E086',
  'E091',
  'E094',
  'E101',
  'E105',
  'E108',
  'E118',
  'E121',
  'E122',
  'E123',
  'E124',
  'E125',
  'E126',
  'E127',
  'E128',
  'E129',
  'E130',
  'E131',
  'E132',
  'E133',
  'E134',
  'E135',
  'E136',
];

/** Codes the reference backend added for the security hardening (docs/security.md) and message delivery (E142). */
const SECURITY_CODES = ['E137', 'E138', 'E139', 'E140', 'E141', 'E142'];

/** Codes of the planned blocks and restores (docs/decisions.md SP3, SP7): a conflicting plan, a plan not cancellable. */
const PLAN_CODES = ['E143', 'E144'];

describe('ERROR_CODES (spec 8 catalogue)', () => {
  it('holds exactly the spec codes, the security codes and the plans’ codes, each once', () => {
    expect([...ERROR_CODES].sort()).toEqual([...SPEC_CODES, ...SECURITY_CODES, ...PLAN_CODES].sort());
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it.each([...ERROR_CODES])('%s has a text in ru and uz', (code) => {
    expect(ru[`errors.${code}`]?.trim()).toBeTruthy();
    expect(uz[`errors.${code}`]?.trim()).toBeTruthy();
  });

  it('isKnownErrorCode accepts catalogue codes only, case-sensitively', () => {
    expect(isKnownErrorCode('E012')).toBe(true);
    expect(isKnownErrorCode('MANYINVALID')).toBe(true);
    for (const s of ['e012', 'E010', 'E999', 'OKOK', '', 'http.500', 'contract', ' E012']) {
      expect(isKnownErrorCode(s)).toBe(false);
    }
  });

  it('keeps client pseudo codes apart from the catalogue', () => {
    expect([...CLIENT_ERROR_CODES]).toEqual(['http.400', 'http.500', 'contract', 'network', 'unknown']);
    for (const code of CLIENT_ERROR_CODES) {
      expect(isClientErrorCode(code)).toBe(true);
      expect(isKnownErrorCode(code)).toBe(false);
    }
    expect(isClientErrorCode('E001')).toBe(false);
  });

  it('has a text for every client pseudo code and the dialog title', () => {
    for (const key of ['http400', 'http500', 'contract', 'network', 'unknown', 'dialogTitle']) {
      expect(ru[`errors.${key}`]?.trim()).toBeTruthy();
      expect(uz[`errors.${key}`]?.trim()).toBeTruthy();
    }
  });

  it('shows a contract break with the E001 text, and E001/E019/E020 point to the support line', () => {
    expect(ru['errors.contract']).toBe(ru['errors.E001']);
    expect(uz['errors.contract']).toBe(uz['errors.E001']);
    for (const code of ['E001', 'E019', 'E020']) {
      expect(ru[`errors.${code}`]).toContain('линию поддержки');
      expect(uz[`errors.${code}`]).toContain('qoʻllab-quvvatlash xizmatiga');
    }
  });

  it('ends the E108 text with a colon, as the parameter description follows it', () => {
    expect(ru['errors.E108']).toMatch(/:$/);
    expect(uz['errors.E108']).toMatch(/:$/);
  });
});

describe('role titles', () => {
  const codes = Array.from({ length: 35 }, (_, n) => `R${String(n).padStart(3, '0')}`);

  it.each(codes)('%s has a title in ru and uz', (code) => {
    expect(ru[`roles.${code}`]?.trim()).toBeTruthy();
    expect(uz[`roles.${code}`]?.trim()).toBeTruthy();
  });

  it('has no titles beyond R000-R034', () => {
    expect(
      Object.keys(ru)
        .filter((k) => k.startsWith('roles.'))
        .sort(),
    ).toEqual(codes.map((c) => `roles.${c}`));
  });

  it('gives every code of one spec 6 group the same title', () => {
    const groups = [
      ['R000', 'R030'],
      ['R002', 'R033'],
      ['R003', 'R034'],
      ['R005', 'R024', 'R025', 'R026', 'R027', 'R028', 'R029'],
      ['R008', 'R018', 'R019', 'R020', 'R021', 'R022', 'R023'],
      ['R009', 'R032'],
      ['R010', 'R031'],
      ['R011', 'R012', 'R013', 'R014', 'R015', 'R016', 'R017'],
    ];
    for (const flat of [ru, uz]) {
      for (const group of groups) {
        expect(new Set(group.map((c) => flat[`roles.${c}`])).size).toBe(1);
      }
    }
    expect(ru['roles.R007']).toBe('Владелец ключа ЭЦП');
    expect(ru['roles.R006']).toBe('Пользователь портала');
  });
});
