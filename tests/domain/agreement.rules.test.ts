import { describe, expect, it } from 'vitest';
import {
  type AgreementForm,
  agreementNumber,
  contactsWithAccess,
  EMPTY_AGREEMENT_FORM,
  EMPTY_CONTACT,
  hasContactAccess,
  isAgreementFormValid,
  nationalPhone,
  normalPassport,
  trimmedForm,
  validateAgreementForm,
} from '@/domain/agreement.rules';
import { routeAccess } from '@/domain/routes.rules';
import { validForm } from '../machines/agreement.payloads';

const today = new Date('2026-01-15T12:00:00');
const errorsOf = (patch: Partial<AgreementForm>) => validateAgreementForm({ ...validForm, ...patch }, today);

describe('contract-registration form (spec 3 fields, spec 5 messages)', () => {
  it('accepts the complete form', () => {
    expect(validateAgreementForm(validForm, today)).toEqual({});
    expect(isAgreementFormValid(validForm, today)).toBe(true);
  });

  it('asks for every required field of the empty form, and only those', () => {
    const errors = validateAgreementForm(EMPTY_AGREEMENT_FORM, today);
    expect(Object.keys(errors).sort()).toEqual(
      [
        'login',
        'name',
        'tin',
        'pinfl',
        'oked',
        'bankName',
        'bankAccount',
        'mfo',
        'region',
        'city',
        'street',
        'house',
        'postIndex',
        'director',
        'passport',
        'passportIssuedBy',
        'passportIssuedDate',
        'birthDate',
        'email',
        'phone',
      ].sort(),
    );
    expect(errors.name).toBe('validation.required');
    // spec 5 "Missing tax id: 'У вас не имеется ИНН.'"
    expect(errors.tin).toBe('validation.noTin');
    // an empty date is missing, not malformed
    expect(errors.birthDate).toBe('validation.required');
  });

  it.each([
    // spec 5 "ввод должен быть исключительно латиницей"
    [{ login: 'навои.савдо' }, 'login', 'validation.latinOnly'],
    [{ login: 'ab' }, 'login', 'validation.fields'],
    [{ login: 'a b c' }, 'login', 'validation.latinOnly'],
    // spec 5 "Tax id must start with 2 or 3, else status E026"
    [{ tin: '105771234' }, 'tin', 'E026'],
    [{ tin: '405771234' }, 'tin', 'E026'],
    [{ tin: '30577123' }, 'tin', 'validation.fields'],
    [{ tin: '2057712345' }, 'tin', 'validation.fields'],
    // 'Поля заполнены неверно' for a value of the wrong shape (CR2)
    [{ pinfl: '3150585012345' }, 'pinfl', 'validation.fields'],
    [{ oked: '4690' }, 'oked', 'validation.fields'],
    [{ vat: '32601001234' }, 'vat', 'validation.fields'],
    [{ bankAccount: '2020800040098765400' }, 'bankAccount', 'validation.fields'],
    [{ mfo: '0087a' }, 'mfo', 'validation.fields'],
    [{ postIndex: '21010' }, 'postIndex', 'validation.fields'],
    [{ passport: 'A1234567' }, 'passport', 'validation.fields'],
    [{ passport: 'АВ1234567' }, 'passport', 'validation.fields'],
    // 'Некорректная дата': unreadable, in the future, issued before birth
    [{ birthDate: '1985-02-30' }, 'birthDate', 'validation.badDate'],
    [{ birthDate: '2027-01-01' }, 'birthDate', 'validation.badDate'],
    [{ passportIssuedDate: '2026-01-16' }, 'passportIssuedDate', 'validation.badDate'],
    [{ passportIssuedDate: '1980-01-01' }, 'passportIssuedDate', 'validation.badDate'],
    // 'Вам должно быть 18': the day before the 18th birthday
    [{ birthDate: '2008-01-16', passportIssuedDate: '2024-01-01' }, 'birthDate', 'validation.adult'],
    [{ email: 'info@navoiy' }, 'email', 'validation.email'],
    [{ phone: '+998 79 223 45' }, 'phone', 'validation.phone'],
    [{ extraPhone: '12345' }, 'extraPhone', 'validation.phone'],
  ] as const)('%o → %s: %s', (patch, field, code) => {
    expect(errorsOf(patch)[field]).toBe(code);
  });

  it('is adult on the 18th birthday itself', () => {
    expect(errorsOf({ birthDate: '2008-01-15', passportIssuedDate: '2024-01-01' }).birthDate).toBeUndefined();
  });

  it('takes a free text of 300 characters and refuses 301 (CR2), trimmed first', () => {
    const text = (n: number) => 'Ш'.repeat(n);
    expect(errorsOf({ name: text(300), bankName: ` ${text(300)} ` })).toEqual({});
    expect(errorsOf({ name: text(301), bankName: text(301) })).toEqual({
      name: 'validation.fields',
      bankName: 'validation.fields',
    });
  });

  it('leaves the optional fields (VAT code, district, apartment, extra phone) alone when empty', () => {
    expect(errorsOf({ vat: '', district: '', apartment: '', extraPhone: '' })).toEqual({});
  });

  it('checks each contact person: name, position and a phone', () => {
    const errors = errorsOf({
      contacts: [EMPTY_CONTACT, { ...EMPTY_CONTACT, fullName: 'A', position: 'B', phone: '1' }],
    });
    expect(errors).toEqual({
      'contacts.0.fullName': 'validation.required',
      'contacts.0.position': 'validation.required',
      'contacts.0.phone': 'validation.required',
      'contacts.1.phone': 'validation.phone',
    });
  });

  it('refuses more than five contact persons', () => {
    const six = Array.from({ length: 6 }, () => validForm.contacts[1] ?? EMPTY_CONTACT);
    expect(errorsOf({ contacts: six }).contacts).toBe('validation.fields');
  });
});

describe('the additional agreement (spec 1) and the contract facts', () => {
  it('exists only when a contact person is given access', () => {
    expect(hasContactAccess(validForm)).toBe(true);
    expect(contactsWithAccess(validForm).map((c) => c.fullName)).toEqual(['Tursunov Bekzod']);
    expect(hasContactAccess({ contacts: validForm.contacts.map((c) => ({ ...c, access: false })) })).toBe(
      false,
    );
    expect(hasContactAccess({ contacts: [] })).toBe(false);
  });

  it('numbers agreements by day and id, reads phones and passports the contract way, trims the form', () => {
    expect(agreementNumber(7, '2026-01-15')).toBe('B2B-20260115-00007');
    expect(nationalPhone('+998 (90) 555-12-34')).toBe('905551234');
    expect(nationalPhone('905551234')).toBe('905551234');
    expect(nationalPhone('90555123')).toBeNull();
    expect(nationalPhone('+7 905 555 12 34')).toBeNull();
    expect(normalPassport('ab1234567')).toBe('AB 1234567');
    expect(trimmedForm({ ...validForm, name: '  Navoiy  ' }).name).toBe('Navoiy');
  });
});

describe('who opens /agreement-registration (spec 6 line 229, hidden while a BAN is selected)', () => {
  const facts = (roles: string[], banSelected = false) => ({
    roles,
    forceChangePassword: false,
    profile: null,
    banSelected,
  });
  it.each(['R008', 'R011', 'R005', 'R018', 'R019', 'R020', 'R021', 'R022', 'R023'])('%s opens it', (role) => {
    expect(routeAccess('/agreement-registration', facts([role]))).toBe('allow');
  });
  it.each(['R001', 'R002', 'R003', 'R004', 'R007', 'R009', 'R010', 'R012', 'R024', 'R032'])(
    '%s is sent to the landing page',
    (role) => {
      expect(routeAccess('/agreement-registration', facts([role]))).toBe('landing');
    },
  );
  it('a seller viewing a client account (BAN selected) is sent to the landing page; signed out goes to login', () => {
    expect(routeAccess('/agreement-registration', facts(['R005'], true))).toBe('landing');
    expect(routeAccess('/agreement-registration', null)).toBe('login');
  });
});
