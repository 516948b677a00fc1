import { describe, expect, it } from 'vitest';
import {
  canRemoveOrderRow,
  dateRangeError,
  isBan,
  isFilled,
  matchesMask,
  newLoginProblem,
  parseCalendarDate,
  passwordChangeError,
  phoneToSn,
  requiredFields,
  shouldCheckLogin,
  validateAdult,
  validateCityChosen,
  validateDateRange,
  validateLatinLogin,
  validateMask,
  validatePasswordConfirmation,
  validateRegistrationContacts,
  validateTin,
} from '@/domain/validators.rules';
import { preorderCreateBody } from '@/services/contract/public.contract';

describe("validateLatinLogin (spec 5: 'ввод должен быть исключительно латиницей')", () => {
  it.each([
    ['user', null],
    ['User_01', null],
    ['a.b-c@d', null],
    ['', null],
    ['пользователь', 'validation.latinOnly'],
    ['userя', 'validation.latinOnly'],
    ['ёж', 'validation.latinOnly'],
    ['us er', 'validation.latinOnly'],
    [' user', 'validation.latinOnly'],
    ['oʻzbek', 'validation.latinOnly'],
    ['müller', 'validation.latinOnly'],
    ['tab\tuser', 'validation.latinOnly'],
  ])('%j → %s', (login, expected) => {
    expect(validateLatinLogin(login)).toBe(expected);
  });
});

describe('shouldCheckLogin: longer than 2 characters, and Latin', () => {
  it.each([
    ['', false],
    ['a', false],
    ['ab', false],
    ['abc', true],
    ['abcd', true],
    ['абв', false],
    ['ab я', false],
  ])('%j → %s', (login, expected) => {
    expect(shouldCheckLogin(login)).toBe(expected);
  });
});

describe('newLoginProblem: the wizard says at step 1 what the server refuses at the end', () => {
  const long = 'a'.repeat(101);
  it.each([
    ['user.name-1_x', null, null],
    ['ab', null, 'validation.loginLength'],
    ['', null, null],
    ['логин', 'validation.latinOnly', 'validation.latinOnly'],
    ['info@samarqand.uz', 'validation.loginChars', 'validation.loginChars'],
    ['user+1', 'validation.loginChars', 'validation.loginChars'],
    ['<b>x</b>', 'validation.loginChars', 'validation.loginChars'],
    ['a'.repeat(100), null, null],
    [long, 'validation.loginLength', 'validation.loginLength'],
    ['x'.repeat(300), 'validation.loginLength', 'validation.loginLength'],
  ])('%j → typing %s, sending %s', (login, typing, sending) => {
    expect(newLoginProblem(login)).toBe(typing);
    expect(newLoginProblem(login, { short: true })).toBe(sending);
    // the server is asked only about a login the form accepts
    expect(shouldCheckLogin(login)).toBe(login.length >= 3 && typing === null);
  });

  it('is the rule of the wire: the pre-order body accepts a login exactly when the form does', () => {
    const loginOf = preorderCreateBody.shape.account.shape.login;
    for (const login of [
      'abc',
      'a'.repeat(100),
      'a'.repeat(80),
      'ab',
      'info@samarqand.uz',
      'user+1',
      '<b>x</b>',
      'a'.repeat(101),
      'логин',
    ]) {
      expect(loginOf.safeParse(login).success, login).toBe(newLoginProblem(login, { short: true }) === null);
    }
  });
});

describe('validateTin (spec 5): starts with 2 or 3 else E026; missing → noTin', () => {
  it.each([
    ['201234567', null],
    ['301234567', null],
    ['2', null],
    [' 201234567 ', null],
    ['101234567', 'E026'],
    ['401234567', 'E026'],
    ['901234567', 'E026'],
    ['a2', 'E026'],
    ['', 'validation.noTin'],
    ['   ', 'validation.noTin'],
    [null, 'validation.noTin'],
    [undefined, 'validation.noTin'],
  ] as [string | null | undefined, string | null][])('%j → %s', (tin, expected) => {
    expect(validateTin(tin)).toBe(expected);
  });
});

describe('parseCalendarDate', () => {
  it.each([
    ['2007-06-15', { y: 2007, m: 6, d: 15 }],
    ['2007-06-15T23:00:00Z', { y: 2007, m: 6, d: 15 }],
    ['15.06.2007', { y: 2007, m: 6, d: 15 }],
    ['2004-02-29', { y: 2004, m: 2, d: 29 }],
    ['2001-02-29', null],
    ['2001-02-30', null],
    ['31.04.2001', null],
    ['2001-13-01', null],
    ['2001-00-10', null],
    ['2001-1-1', null],
    ['', null],
    ['tomorrow', null],
    [null, null],
    [undefined, null],
  ] as [string | null | undefined, object | null][])('%j → %j', (value, expected) => {
    expect(parseCalendarDate(value)).toEqual(expected);
  });
  it('reads a Date by its local calendar day', () => {
    expect(parseCalendarDate(new Date(2000, 0, 31, 23, 59))).toEqual({ y: 2000, m: 1, d: 31 });
    expect(parseCalendarDate(new Date(Number.NaN))).toBeNull();
  });
});

describe("validateAdult (spec 5: 'Вам должно быть 18', 'Некорректная дата')", () => {
  const now = new Date(2025, 5, 15, 10, 0); // 15 June 2025, local
  it.each([
    ['18th birthday today', '2007-06-15', null],
    ['18 tomorrow', '2007-06-16', 'validation.adult'],
    ['18 yesterday', '2007-06-14', null],
    ['Russian format, 18 today', '15.06.2007', null],
    ['Russian format, 18 tomorrow', '16.06.2007', 'validation.adult'],
    ['ISO with time', '2007-06-15T00:00:00Z', null],
    ['17 years', '2008-01-01', 'validation.adult'],
    ['born today', '2025-06-15', 'validation.adult'],
    ['born tomorrow', '2025-06-16', 'validation.badDate'],
    ['future', '2030-01-01', 'validation.badDate'],
    ['garbage', 'not a date', 'validation.badDate'],
    ['empty', '', 'validation.badDate'],
    ['impossible day', '2001-02-30', 'validation.badDate'],
    ['Date object, adult', new Date(2000, 0, 1), null],
    ['Date object, minor', new Date(2010, 0, 1), 'validation.adult'],
    ['invalid Date', new Date(Number.NaN), 'validation.badDate'],
  ] as [string, Date | string, string | null][])('%s', (_, birth, expected) => {
    expect(validateAdult(birth, now)).toBe(expected);
  });
  it.each([
    [new Date(2022, 1, 28), 'validation.adult'],
    [new Date(2022, 2, 1), null],
    [new Date(2024, 1, 29), null],
  ] as [Date, string | null][])('born 29 February 2004 (2006 for the leap row), on %s', (today, expected) => {
    const birth = today.getFullYear() === 2024 ? '2006-02-28' : '2004-02-29';
    expect(validateAdult(birth, today)).toBe(expected);
  });
});

describe("validateDateRange (spec 5: 'Выберите начальную и конечную дату')", () => {
  it.each([
    ['a month', '2025-01-01', '2025-01-31', null],
    ['one day', '2025-01-01', '2025-01-01', null],
    ['Russian format', '01.01.2025', '31.01.2025', null],
    ['Date objects', new Date(2025, 0, 1), new Date(2025, 0, 2), null],
    ['reversed', '2025-02-01', '2025-01-31', 'validation.dateRange'],
    ['no start', null, '2025-01-31', 'validation.dateRange'],
    ['no end', '2025-01-01', undefined, 'validation.dateRange'],
    ['empty strings', '', '', 'validation.dateRange'],
    ['garbage', 'x', '2025-01-31', 'validation.dateRange'],
  ] as [string, string | Date | null | undefined, string | Date | null | undefined, string | null][])(
    '%s',
    (_, from, to, expected) => {
      expect(validateDateRange(from, to)).toBe(expected);
    },
  );
});

describe("dateRangeError (spec 5: 'Некорректная дата' before 'Выберите начальную и конечную дату')", () => {
  it.each([
    ['a month', '2025-01-01', '2025-01-31', null],
    ['one day', '2025-01-01', '2025-01-01', null],
    ['both empty', '', '', 'validation.dateRange'],
    ['start only', '2025-01-01', '', 'validation.dateRange'],
    ['end only', null, '2025-01-31', 'validation.dateRange'],
    ['reversed', '2025-02-01', '2025-01-31', 'validation.dateRange'],
    ['impossible start', '2025-02-30', '2025-03-01', 'validation.badDate'],
    ['unreadable end', '2025-01-01', '31/01/2025', 'validation.badDate'],
    ['unreadable end, no start', '', 'abc', 'validation.badDate'],
    ['blank end counts as empty', '2025-01-01', '   ', 'validation.dateRange'],
  ] as [string, string | null, string, string | null][])('%s', (_, from, to, expected) => {
    expect(dateRangeError(from, to)).toBe(expected);
  });
});

describe("validatePasswordConfirmation (spec 5: 'Пароли не совпадают')", () => {
  it.each([
    ['secret', 'secret', null],
    ['secret', 'Secret', 'validation.passwordMismatch'],
    ['secret ', 'secret', 'validation.passwordMismatch'],
    ['secret', '', 'validation.passwordMismatch'],
    ['', '', null],
  ])('%j / %j → %s', (pw, confirm, expected) => {
    expect(validatePasswordConfirmation(pw, confirm)).toBe(expected);
  });
});

describe('validateMask (format 999-99-99; digits or wildcards * and _; at least one digit)', () => {
  it.each([
    ['999-99-99', null],
    ['123-45-67', null],
    ['***-**-*7', null],
    ['12_-__-__', null],
    ['*2*-4*-6*', null],
    ['***-**-**', 'validation.fields'],
    ['___-__-__', 'validation.fields'],
    ['', 'validation.fields'],
    ['1234567', 'validation.fields'],
    ['123-45-678', 'validation.fields'],
    ['12-345-67', 'validation.fields'],
    ['abc-de-fg', 'validation.fields'],
    ['123 45 67', 'validation.fields'],
    [' 123-45-67', 'validation.fields'],
    ['123-45-6?', 'validation.fields'],
  ])('%j → %s', (mask, expected) => {
    expect(validateMask(mask)).toBe(expected);
  });
});

describe('matchesMask: mask against the last 7 digits', () => {
  it.each([
    ['123-45-67', '901234567', true],
    ['123-45-68', '901234567', false],
    ['***-**-*7', '901234567', true],
    ['***-**-*8', '901234567', false],
    ['12_-__-__', '901234567', true],
    ['999-99-99', '909999999', true],
    ['123-45-67', '1234567', true],
    ['123-45-67', '123456', false],
    ['***-**-**', '901234567', false],
    ['bad', '901234567', false],
  ])('%j vs %j → %s', (mask, number, expected) => {
    expect(matchesMask(mask, number)).toBe(expected);
  });
});

describe('canRemoveOrderRow: never below one row', () => {
  it.each([
    [0, false],
    [1, false],
    [2, true],
    [5, true],
  ])('%i rows → %s', (rows, expected) => {
    expect(canRemoveOrderRow(rows)).toBe(expected);
  });
});

describe('isFilled / requiredFields', () => {
  it.each([
    ['text', true],
    ['  ', false],
    ['', false],
    [0, true],
    [42, true],
    [Number.NaN, false],
    [true, true],
    [false, false],
    [null, false],
    [undefined, false],
    [[], false],
    [['a'], true],
    [{}, true],
  ] as [unknown, boolean][])('isFilled(%j) → %s', (value, expected) => {
    expect(isFilled(value)).toBe(expected);
  });
  it.each([
    [{ email: 'a@b.uz', phone: '901234567' }, ['email', 'phone'], null],
    [{ email: 'a@b.uz', phone: ' ' }, ['email', 'phone'], 'validation.fillRequired'],
    [{ email: 'a@b.uz' }, ['email', 'phone'], 'validation.fillRequired'],
    [{ licence: false }, ['licence'], 'validation.fillRequired'],
    [{ licence: true }, ['licence'], null],
    [{}, [], null],
  ] as [Record<string, unknown>, string[], string | null][])(
    '%j requires %j → %s',
    (values, names, expected) => {
      expect(requiredFields(values, names)).toBe(expected);
    },
  );
});

describe('validateRegistrationContacts (spec 5: email, a phone (contact or business) and licence)', () => {
  const ok = { email: 'a@b.uz', contactPhone: '901234567', businessPhone: '', licenceAccepted: true };
  it.each([
    ['all there', ok, null],
    ['business phone only', { ...ok, contactPhone: '', businessPhone: '712000000' }, null],
    ['no phone', { ...ok, contactPhone: ' ', businessPhone: null }, 'validation.fillRequired'],
    ['no email', { ...ok, email: '' }, 'validation.fillRequired'],
    ['licence not ticked', { ...ok, licenceAccepted: false }, 'validation.fillRequired'],
  ] as [string, Parameters<typeof validateRegistrationContacts>[0], string | null][])(
    '%s',
    (_, v, expected) => {
      expect(validateRegistrationContacts(v)).toBe(expected);
    },
  );
});

describe("validateCityChosen (spec 5: 'Сначала нужно выбрать город.')", () => {
  it.each([
    ['TAS', null],
    ['', 'validation.cityFirst'],
    [null, 'validation.cityFirst'],
    [undefined, 'validation.cityFirst'],
  ] as [string | null | undefined, string | null][])('%j → %s', (city, expected) => {
    expect(validateCityChosen(city)).toBe(expected);
  });
});

describe('passwordChangeError: the change form says what the server would refuse', () => {
  it.each([
    [
      { current: '', password: 'NewPass-2026', confirm: 'NewPass-2026' },
      { code: 'validation.required', field: 'current' },
    ],
    [
      { current: 'Demo-2026', password: 'short1', confirm: 'short1' },
      { code: 'validation.passwordRule', field: 'password' },
    ],
    // the server answers E013 for a new password equal to the current one: the field says so first
    [
      { current: 'Demo-2026', password: 'Demo-2026', confirm: 'Demo-2026' },
      { code: 'validation.samePassword', field: 'password' },
    ],
    [{ current: 'Demo-2026', password: 'NewPass-2026', confirm: 'NewPass-2026' }, null],
  ])('%j → %j', (form, expected) => {
    expect(passwordChangeError(form)).toEqual(expected);
  });
});

describe('isBan: exactly nine digits, the one BAN rule of the forms, the search box, the filters and the server', () => {
  it.each([
    ['100234561', true],
    [' 100234561 ', true],
    ['10023456', false],
    ['1002345610', false],
    ['10023456a', false],
    ['', false],
  ])('%j → %s', (input, expected) => {
    expect(isBan(input)).toBe(expected);
  });
});

describe('phoneToSn: the number a code or a subscriber account is for', () => {
  it.each([
    ['901234567', '901234567'],
    ['998901234567', '901234567'],
    ['991234567', '991234567'],
    ['801234567', undefined],
    ['99890123456', undefined],
    ['8901234567', undefined],
    ['', undefined],
  ])('%j → %j', (digits, expected) => {
    expect(phoneToSn(digits)).toBe(expected);
  });
});
