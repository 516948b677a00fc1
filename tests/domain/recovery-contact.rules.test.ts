import { describe, expect, it } from 'vitest';
import {
  clientActivation,
  isCompanyAccount,
  isNormalizedRecoveryContact,
  normalizeRecoveryContact,
  recoveryContactError,
  recoveryContactOf,
  staffContactFields,
  staffMayChangeContacts,
} from '@/domain/recovery-contact.rules';
import type { UserFacts } from '@/domain/roles.rules';
import { mayChangeRecoveryContacts, RECOVERY_CONTACTS_ROUTE, routeAccess } from '@/domain/routes.rules';
import { contactFieldMode, toCreateBody, toUpdateBody, validateUserForm } from '@/domain/user-form.rules';

/** docs/decisions.md PRC1-PRC6, spec 5 "Only employees may change proxy; employee data changes forbidden (E135, E136)". */

const company = { email: 'info@navoiy.uz', phone: '998712000001' };
const none = { email: null, phone: null };

describe('PRC1: staff never type a client account’s contact', () => {
  it.each([
    ['R001', 'create', { email: false, phone: true }],
    ['R001', 'edit', { email: false, phone: false }],
    ['R004', 'create', { email: false, phone: false }],
    ['R004', 'edit', { email: false, phone: false }],
    ['R007', 'create', { email: false, phone: false }],
    ['R007', 'edit', { email: false, phone: false }],
    ['R000', 'edit', { email: true, phone: true }],
    ['R003', 'create', { email: true, phone: true }],
    ['R008', 'edit', { email: true, phone: true }],
  ] as const)('%s when %s: %o', (role, mode, expected) => {
    expect(staffContactFields(role, mode)).toEqual(expected);
  });

  it.each([
    [['R004'], false],
    [['R001'], false],
    [['R007'], false],
    [['R003'], true],
    [['R000'], true],
    [['R008', 'R005'], true],
    // a mixed list is staff (the stricter rules of finding 2 decide who edits it)
    [['R004', 'R008'], true],
  ] as const)('an account holding %o may have its contact changed by staff: %s', (roles, expected) => {
    expect(staffMayChangeContacts(roles)).toBe(expected);
  });

  it('the user form: a client account’s contact is read-only when editing, left out when creating', () => {
    expect(contactFieldMode('subscriber', 'edit', 'R004', 'email')).toBe('readOnly');
    expect(contactFieldMode('subscriber', 'edit', 'R001', 'phone')).toBe('readOnly');
    expect(contactFieldMode('subscriber', 'create', 'R004', 'phone')).toBe('hidden');
    expect(contactFieldMode('subscriber', 'create', 'R001', 'phone')).toBe('editable');
    expect(contactFieldMode('subscriber', 'create', 'R001', 'email')).toBe('hidden');
    expect(contactFieldMode('admin', 'edit', 'R008', 'email')).toBe('editable');
  });

  it('the user form never sends a client account’s typed contact, nor checks it', () => {
    const form = {
      user_name: 'new.curator',
      full_name: 'Yangi Kurator',
      role: 'R004',
      ban: '100672418',
      phone: '12ab',
      email: 'staff@evil.example',
    };
    expect(validateUserForm('create', 'subscriber', form, ['R001', 'R004', 'R007'])).toEqual({});
    expect(toCreateBody('subscriber', form)).toEqual({
      kind: 'subscriber',
      user_name: 'new.curator',
      roles: ['R004'],
      full_name: 'Yangi Kurator',
      ban: '100672418',
    });
    expect(toCreateBody('subscriber', { ...form, role: 'R001', phone: '90 123 45 67' }).phone).toBe(
      '901234567',
    );
    const loaded = { ...form, phone: '', email: 'curator@example.uz' };
    expect(toUpdateBody(loaded, { ...loaded, email: 'staff@evil.example', phone: '998901112233' })).toEqual(
      {},
    );
    const staff = { ...loaded, role: 'R008', ban: '' };
    expect(toUpdateBody(staff, { ...staff, email: 'op@beeline.uz' })).toEqual({ email: 'op@beeline.uz' });
  });
});

describe('PRC2: a staff-created client account is activated through the company, never a typed address', () => {
  it.each([
    ['R001', '901234567', company, 'number', { channel: 'sms', to: '901234567' }],
    ['R004', null, company, 'companyEmail', { channel: 'email', to: 'info@navoiy.uz' }],
    [
      'R007',
      null,
      { email: null, phone: '998712000001' },
      'companyPhone',
      { channel: 'sms', to: '998712000001' },
    ],
    ['R004', null, { email: '  ', phone: '' }, 'keyOwner', null],
    ['R004', null, null, 'keyOwner', null],
  ] as const)('%s (sn %s) with company %o: %s', (role, sn, co, route, contact) => {
    const a = clientActivation(role, sn, co);
    expect(a.route).toBe(route);
    if (contact === null) expect(a.contact).toBeNull();
    else expect(a.contact).toMatchObject(contact);
  });
});

describe('PRC3: where a recovery link goes', () => {
  it.each([
    [
      { email: 'a@b.uz', phone: '998901234567' },
      company,
      { channel: 'email', to: 'a@b.uz', source: 'account' },
    ],
    [
      { email: null, phone: '998901234567' },
      company,
      { channel: 'sms', to: '998901234567', source: 'account' },
    ],
    [none, company, { channel: 'email', to: 'info@navoiy.uz', source: 'company' }],
    [none, { email: null, phone: '998712000001' }, { channel: 'sms', to: '998712000001', source: 'company' }],
    [{ email: ' ', phone: '' }, null, null],
    [none, none, null],
  ] as const)('account %o, company %o → %o', (account, co, expected) => {
    expect(recoveryContactOf(account, co)).toEqual(expected);
  });
});

const facts = (roles: string[], over: Partial<UserFacts> = {}): UserFacts => ({
  roles,
  forceChangePassword: false,
  profile: { at: 5, canBuyNumber: true, hasEmployeeData: false, budget: null },
  banSelected: false,
  ...over,
});

describe('PRC4, PRC6: the key owner changes the company accounts’ contacts, on its own page', () => {
  it.each([
    [facts(['R007']), true],
    [facts(['R004']), false],
    [facts(['R001']), false],
    [facts(['R000'], { profile: null }), false],
    // an administrator viewing the company is never its key owner
    [facts(['R000'], { banSelected: true }), false],
    [facts(['R007'], { banSelected: true }), false],
    [facts(['R007'], { profile: null }), false],
  ] as const)('%o → %s, the same for the page and the route', (f, expected) => {
    expect(mayChangeRecoveryContacts(f)).toBe(expected);
    expect(routeAccess('/settings/users', f)).toBe(expected ? 'allow' : 'landing');
  });

  it('the route is exactly /settings/users (with a query or a slash), not Settings itself', () => {
    expect(
      ['settings/users', '/settings/users/', '/settings/users?x=1'].map((p) =>
        RECOVERY_CONTACTS_ROUTE.test(p),
      ),
    ).toEqual([true, true, true]);
    expect(RECOVERY_CONTACTS_ROUTE.test('/settings')).toBe(false);
    expect(routeAccess('/settings', facts(['R004']))).toBe('allow');
  });

  it('a company account is a client account of that BAN, never staff and never another company’s', () => {
    expect(isCompanyAccount({ roles: ['R004'], ban: '100672418' }, '100672418')).toBe(true);
    expect(isCompanyAccount({ roles: ['R004'], ban: '100234561' }, '100672418')).toBe(false);
    expect(isCompanyAccount({ roles: ['R008'], ban: '100672418' }, '100672418')).toBe(false);
    expect(isCompanyAccount({ roles: ['R004', 'R008'], ban: '100672418' }, '100672418')).toBe(false);
  });
});

describe('PRC5: the typed contact, checked and normalised as it is signed', () => {
  it.each([
    [{ email: 'botir@navoiy.uz', phone: '' }, null],
    [{ email: '', phone: '+998 90 123-45-00' }, null],
    [
      { email: 'botir@', phone: '' },
      { code: 'validation.email', field: 'email' },
    ],
    [
      { email: '', phone: '12ab' },
      { code: 'validation.phone', field: 'phone' },
    ],
    [
      { email: ' ', phone: '' },
      { code: 'validation.fillRequired', field: 'email' },
    ],
  ] as const)('%o → %o', (values, expected) => {
    expect(recoveryContactError(values)).toEqual(expected);
  });

  it('trims the e-mail, writes the phone as digits with 998, and nothing as null', () => {
    expect(normalizeRecoveryContact({ email: ' botir@navoiy.uz ', phone: '90 123 45 00' })).toEqual({
      email: 'botir@navoiy.uz',
      phone: '998901234500',
    });
    expect(normalizeRecoveryContact({ email: '', phone: '+998 (90) 123-45-00' })).toEqual({
      email: null,
      phone: '998901234500',
    });
  });

  it('accepts on the wire only what the form produces', () => {
    expect(isNormalizedRecoveryContact({ email: 'botir@navoiy.uz', phone: null })).toBe(true);
    expect(isNormalizedRecoveryContact({ email: null, phone: '998901234500' })).toBe(true);
    expect(isNormalizedRecoveryContact({ email: ' botir@navoiy.uz', phone: null })).toBe(false);
    expect(isNormalizedRecoveryContact({ email: null, phone: '901234500' })).toBe(false);
    expect(isNormalizedRecoveryContact({ email: null, phone: null })).toBe(false);
    expect(isNormalizedRecoveryContact({ email: 'x@', phone: null })).toBe(false);
  });
});
