import { describe, expect, it } from 'vitest';
import {
  AUTH_FORM_FIELDS,
  type AuthForm,
  authFormError,
  authFormErrors,
  signInBody,
} from '@/domain/auth-form.rules';
import { isTypedPhone, phoneDigits } from '@/domain/validators.rules';

describe('typed phones (Auth forms, Settings contacts, administration user form)', () => {
  it.each([
    ['901234567', '901234567'],
    ['+998 (90) 123-45-67', '998901234567'],
    ['', ''],
  ])('phoneDigits(%j) = %j', (typed, digits) => {
    expect(phoneDigits(typed)).toBe(digits);
  });

  it.each([
    ['901234567', true],
    ['+998 (90) 123-45-67', true],
    ['998901234567', true],
    ['90123456', false],
    ['9989012345678', false],
    ['90123456x', false],
    ['90.123.45.67', false],
    ['', false],
  ])('isTypedPhone(%j) = %s', (typed, ok) => {
    expect(isTypedPhone(typed)).toBe(ok);
  });
});

describe('authFormError: the first problem of an Auth form, before any call', () => {
  it.each<[AuthForm, Record<string, string>, { code: string; field: string } | null]>([
    ['login', { login: 'curator', password: 'x' }, null],
    ['login', { login: '  ', password: 'x' }, { code: 'validation.required', field: 'login' }],
    ['login', { login: 'curator', password: '' }, { code: 'validation.required', field: 'password' }],
    ['login', {}, { code: 'validation.required', field: 'login' }],
    ['register', { phone: '90 123 45 67' }, null],
    ['register', { phone: '9012345678901' }, { code: 'validation.phone', field: 'phone' }],
    ['register', { phone: '90123456x' }, { code: 'validation.phone', field: 'phone' }],
    ['check', { phone: '901234567', code: '1234' }, null],
    ['check', { phone: '901234567', code: '123' }, { code: 'E003', field: 'code' }],
    ['check', { phone: '901234567', code: '12a4' }, { code: 'E003', field: 'code' }],
    ['check', { phone: '', code: '123' }, { code: 'validation.required', field: 'phone' }],
    ['resend', { phone: '901234567' }, null],
    ['forgot', { login: '   ' }, { code: 'validation.required', field: 'login' }],
    [
      'restore',
      { password: 'Secret-Pass-2', confirm: '' },
      { code: 'validation.required', field: 'confirm' },
    ],
    ['restore', { password: 'Secret-Pass-2', confirm: 'b' }, null],
    // U21: the wire's limits and the password rule are field messages, not a refused call
    ['login', { login: 'l'.repeat(200), password: 'x' }, { code: 'validation.max100', field: 'login' }],
    [
      'login',
      { login: 'curator', password: 'p'.repeat(300) },
      { code: 'validation.max200', field: 'password' },
    ],
    ['forgot', { login: 'l'.repeat(101) }, { code: 'validation.max100', field: 'login' }],
    [
      'restore',
      { password: 'short1', confirm: 'short1' },
      { code: 'validation.passwordRule', field: 'password' },
    ],
    [
      'restore',
      { password: 'onlyletters', confirm: 'x' },
      { code: 'validation.passwordRule', field: 'password' },
    ],
  ])('%s %j → %j', (form, values, expected) => {
    expect(authFormError(form, values)).toEqual(expected);
  });

  it('flags every wrong field, not only the first (U21: both empty login fields)', () => {
    expect(authFormErrors('login', { login: '', password: '' })).toEqual([
      { code: 'validation.required', field: 'login' },
      { code: 'validation.required', field: 'password' },
    ]);
    expect(authFormErrors('login', { login: 'l'.repeat(200), password: 'p'.repeat(300) })).toEqual([
      { code: 'validation.max100', field: 'login' },
      { code: 'validation.max200', field: 'password' },
    ]);
  });

  it('every form requires at least one field, each field at most once', () => {
    for (const fields of Object.values(AUTH_FORM_FIELDS)) {
      expect(fields.length).toBeGreaterThan(0);
      expect(new Set(fields).size).toBe(fields.length);
    }
  });
});

describe('signInBody: what a login form sends to sign in (LB23)', () => {
  it('trims the login and keeps the password as typed', () => {
    expect(signInBody({ login: '  curator \t', password: ' Demo-2026 ' })).toEqual({
      login: 'curator',
      password: ' Demo-2026 ',
    });
  });
});
