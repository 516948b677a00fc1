import { describe, expect, it } from 'vitest';
import { ALL_ROLES, CLIENT_ROLES, STAFF_ROLES } from '@/domain/roles.rules';
import {
  blankForm,
  canChangeProxy,
  type EditorRights,
  formOf,
  hasFieldErrors,
  kindOfRoles,
  roleFieldOf,
  roleFieldTakes,
  rolesForKind,
  toCreateBody,
  toUpdateBody,
  type UserForm,
  validateUserForm,
} from '@/domain/user-form.rules';

const rights = (role: string | null, employee: boolean): EditorRights => ({ role, employee });

describe('roles of an account kind', () => {
  it('splits the titled roles into client and staff roles (R006 has no group)', () => {
    expect(CLIENT_ROLES).toEqual(['R001', 'R004', 'R007']);
    expect(STAFF_ROLES).not.toContain('R006');
    expect([...CLIENT_ROLES, ...STAFF_ROLES, 'R006'].sort()).toEqual([...ALL_ROLES].sort());
    expect(rolesForKind('subscriber')).toBe(CLIENT_ROLES);
    expect(rolesForKind('admin')).toBe(STAFF_ROLES);
  });

  it.each([
    [['R001'], 'subscriber'],
    [['R004', 'R003'], 'subscriber'],
    [['R007'], 'subscriber'],
    [['R003', 'R001'], 'admin'],
    [['R000'], 'admin'],
    [[], 'admin'],
  ] as const)('the active role of %j makes a %s account', (roles, kind) => {
    expect(kindOfRoles(roles)).toBe(kind);
  });
});

describe('who may do what (spec 5)', () => {
  it.each([
    [rights('R000', true), 'subscriber', true],
    [rights('R000', false), 'subscriber', false],
    [rights('R000', true), 'admin', false],
  ] as const)(
    'canChangeProxy(%j, %s) = %s: only employees, only client accounts',
    (editor, kind, expected) => {
      expect(canChangeProxy(editor, kind)).toBe(expected);
    },
  );

  // the role field (PRG3): the roles of the kind the editor may grant; an edited account's role the editor may not
  // grant is shown alone and read-only. Expected lists written out from the grant rule (PRG1), not computed.
  const STAFF_BELOW_ADMIN = STAFF_ROLES.filter((r) => r !== 'R000' && r !== 'R030');
  it.each<[string, string | null, 'subscriber' | 'admin', string | null, readonly string[], boolean]>([
    ['admin creates staff: every staff role', 'R000', 'admin', null, STAFF_ROLES, true],
    ['admin creates a client: the client roles', 'R030', 'subscriber', null, ['R001', 'R004', 'R007'], true],
    ['helpdesk creates staff: no R000/R030', 'R002', 'admin', null, STAFF_BELOW_ADMIN, true],
    ['helpdesk edits an operator', 'R033', 'admin', 'R008', STAFF_BELOW_ADMIN, true],
    ['helpdesk opens an administrator: R000 as it is', 'R002', 'admin', 'R000', ['R000'], false],
    ['helpdesk opens a curator: R004 as it is', 'R002', 'subscriber', 'R004', ['R004'], false],
    ['call centre creates a client', 'R003', 'subscriber', null, ['R001', 'R004', 'R007'], true],
    ['call centre edits a key owner', 'R003', 'subscriber', 'R007', ['R001', 'R004', 'R007'], true],
    ['call centre opens staff: R008 as it is', 'R003', 'admin', 'R008', ['R008'], false],
    ['call centre on a staff form: nothing to offer', 'R003', 'admin', null, [], false],
    ['no role: nothing to offer', null, 'admin', null, [], false],
    ['an account without a role: the list', 'R000', 'admin', '', STAFF_ROLES, true],
    ['an account with R006: as it is', 'R000', 'admin', 'R006', ['R006'], false],
  ])('%s', (_, editor, kind, held, options, editable) => {
    expect(roleFieldOf(editor, kind, held)).toEqual({ options, editable });
  });

  it('the role field takes an offered role or a blank, and nothing when read-only', () => {
    const helpdesk = roleFieldOf('R002', 'admin', null);
    expect(roleFieldTakes(helpdesk, 'R008')).toBe(true);
    expect(roleFieldTakes(helpdesk, '')).toBe(true);
    expect(roleFieldTakes(helpdesk, 'R000')).toBe(false);
    expect(roleFieldTakes(helpdesk, 'R001')).toBe(false);
    const fixed = roleFieldOf('R002', 'admin', 'R030');
    expect(roleFieldTakes(fixed, 'R030')).toBe(false);
    expect(roleFieldTakes(fixed, '')).toBe(false);
  });
});

const staffForm: UserForm = {
  ...blankForm('admin'),
  user_name: 'x.y',
  full_name: 'Karimov Anvar',
  role: 'R003',
};
const clientForm: UserForm = {
  ...blankForm('subscriber'),
  user_name: 'client.one',
  full_name: 'Rahimova Dilnoza',
  ban: '100234561',
  phone: '901112233',
};

describe('validateUserForm: checks before anything is sent', () => {
  it.each<[string, 'create' | 'edit', 'subscriber' | 'admin', UserForm, Record<string, string>]>([
    ['a valid staff account', 'create', 'admin', staffForm, {}],
    ['a valid client account', 'create', 'subscriber', clientForm, {}],
    ['no login', 'create', 'admin', { ...staffForm, user_name: '  ' }, { user_name: 'validation.required' }],
    [
      'Cyrillic login',
      'create',
      'admin',
      { ...staffForm, user_name: 'иван' },
      { user_name: 'validation.latinOnly' },
    ],
    [
      'login too short',
      'create',
      'admin',
      { ...staffForm, user_name: 'xy' },
      { user_name: 'validation.fields' },
    ],
    ['the login is not checked when editing', 'edit', 'admin', { ...staffForm, user_name: '' }, {}],
    ['no role', 'create', 'admin', { ...staffForm, role: '' }, { role: 'validation.required' }],
    [
      'a client role for staff',
      'create',
      'admin',
      { ...staffForm, role: 'R001', phone: '901112233' },
      { role: 'validation.fields' },
    ],
    [
      'no BAN for a new client',
      'create',
      'subscriber',
      { ...clientForm, ban: '' },
      { ban: 'validation.required' },
    ],
    ['no BAN when editing a client is fine', 'edit', 'subscriber', { ...clientForm, ban: '' }, {}],
    [
      'an 8-digit BAN',
      'create',
      'subscriber',
      { ...clientForm, ban: '12345678' },
      { ban: 'validation.fields' },
    ],
    [
      'R001 needs a phone',
      'create',
      'subscriber',
      { ...clientForm, phone: '' },
      { phone: 'validation.required' },
    ],
    ['R004 does not', 'create', 'subscriber', { ...clientForm, role: 'R004', phone: '' }, {}],
    ['a phone too short', 'create', 'admin', { ...staffForm, phone: '12345' }, { phone: 'validation.phone' }],
    ['a formatted phone', 'create', 'admin', { ...staffForm, phone: '+998 90 111 22 33' }, {}],
    [
      'a phone with letters',
      'create',
      'admin',
      { ...staffForm, phone: '90 111 22 3x' },
      { phone: 'validation.phone' },
    ],
    ['a bad e-mail', 'create', 'admin', { ...staffForm, email: 'nope' }, { email: 'validation.email' }],
    ['a good e-mail', 'create', 'admin', { ...staffForm, email: 'a@b.uz' }, {}],
    // U21: the wire refuses these; the form says so at the field instead of sending nothing with a generic error
    [
      'an emoji e-mail',
      'create',
      'admin',
      { ...staffForm, email: 'me😀@b.uz' },
      { email: 'validation.email' },
    ],
    [
      'a 201-character e-mail',
      'create',
      'admin',
      { ...staffForm, email: `${'a'.repeat(196)}@b.uz` },
      { email: 'validation.email' },
    ],
    [
      'a 500-character name',
      'create',
      'admin',
      { ...staffForm, full_name: 'N'.repeat(500) },
      { full_name: 'validation.max200' },
    ],
    [
      'a 200-character login',
      'create',
      'admin',
      { ...staffForm, user_name: 'l'.repeat(200) },
      { user_name: 'validation.max100' },
    ],
    // U22: the name is required on create and on edit
    [
      'no name on create',
      'create',
      'admin',
      { ...staffForm, full_name: ' ' },
      { full_name: 'validation.required' },
    ],
    [
      'no name on edit',
      'edit',
      'admin',
      { ...staffForm, full_name: '' },
      { full_name: 'validation.required' },
    ],
  ])('%s', (_, mode, kind, form, expected) => {
    const errors = validateUserForm(mode, kind, form, rolesForKind(kind));
    expect(errors).toEqual(expected);
    expect(hasFieldErrors(errors)).toBe(Object.keys(expected).length > 0);
  });

  it('refuses a role the role field does not offer (a staff role helpdesk may not grant)', () => {
    const helpdesk = roleFieldOf('R002', 'admin', null).options;
    expect(validateUserForm('create', 'admin', { ...staffForm, role: 'R000' }, helpdesk)).toEqual({
      role: 'validation.fields',
    });
    expect(validateUserForm('create', 'admin', { ...staffForm, role: 'R033' }, helpdesk)).toEqual({});
  });
});

describe('the request bodies the form becomes', () => {
  it('create: digits-only phone, trimmed texts, no BAN for staff, one role (E130)', () => {
    expect(
      toCreateBody('admin', {
        ...staffForm,
        full_name: '  Иван  ',
        ban: '100234561',
        phone: '+998 90 111 22 33',
      }),
    ).toEqual({ kind: 'admin', user_name: 'x.y', roles: ['R003'], full_name: 'Иван', phone: '998901112233' });
    expect(toCreateBody('subscriber', clientForm)).toEqual({
      kind: 'subscriber',
      user_name: 'client.one',
      roles: ['R001'],
      full_name: 'Rahimova Dilnoza',
      ban: '100234561',
      phone: '901112233',
    });
  });

  it('update: only what changed; an untouched BAN is never re-sent (E135) and blanks are dropped', () => {
    const original = formOf({
      user_name: 'c',
      full_name: null,
      roles: ['R004'],
      ban: '100234561',
      phone: '901112233',
      email: null,
    });
    expect(original).toEqual({
      user_name: 'c',
      full_name: '',
      role: 'R004',
      ban: '100234561',
      phone: '901112233',
      email: '',
    });
    expect(toUpdateBody(original, original)).toEqual({});
    expect(toUpdateBody(original, { ...original, ban: '100388204', phone: '' })).toEqual({
      ban: '100388204',
    });
    // PRC1: a client account's e-mail is not staff's to send (read-only in the form, E135 on the server)
    expect(toUpdateBody(original, { ...original, role: 'R007', email: ' a@b.uz ' })).toEqual({
      roles: ['R007'],
    });
    const staff = { ...original, role: 'R008', ban: '' };
    expect(toUpdateBody(staff, { ...staff, email: ' a@b.uz ' })).toEqual({ email: 'a@b.uz' });
  });
});
