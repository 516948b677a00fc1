import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { STAFF_ROLES } from '@/domain/roles.rules';
import { blankForm, formOf } from '@/domain/user-form.rules';
import {
  type EditorRights,
  type SaveRequest,
  type UserAdminTarget,
  type UserField,
  userAdminMachine,
} from '@/machines/user-admin.machine';
import {
  connectUserForm,
  selectCanChangeProxy,
  selectCanEditRole,
  selectCreatedId,
  selectFieldErrors,
  selectRoleOptions,
  selectSaveFailure,
} from '@/machines/user-admin.selectors';
import type { UserDetails } from '@/services/contract/admin.contract';
import { snapshotAt } from '../support/connect-table';
import { lintMachine } from '../support/model-universe';
import {
  administratorDetails,
  adminRights,
  employeeDataForbidden,
  helpdeskRights,
  offline,
  operatorDetails,
  targets,
  userNotFound,
} from './user-admin.payloads';

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function admin(
  opts: {
    get?: () => Promise<UserDetails>;
    save?: (r: SaveRequest) => Promise<{ userId: string | null }>;
  } = {},
) {
  const saves: SaveRequest[] = [];
  const gets: string[] = [];
  const machine = userAdminMachine.provide({
    actors: {
      getUser: fromPromise(({ input }: { input: { userId: string } }) => {
        gets.push(input.userId);
        return (opts.get ?? (async () => operatorDetails))();
      }),
      saveUser: fromPromise(({ input }: { input: SaveRequest }) => {
        saves.push(input);
        return (opts.save ?? (async () => ({ userId: '42' })))(input);
      }),
    },
  });
  const actor = createActor(machine).start();
  const enter = (target: UserAdminTarget, editor: EditorRights = adminRights) =>
    actor.send({ type: 'route.entered', target, editor });
  const set = (field: UserField, value: string) => actor.send({ type: 'field.change', field, value });
  return { actor, saves, gets, enter, set };
}

describe('creating users', () => {
  it('follows the conventions', () => {
    expect(lintMachine(userAdminMachine)).toEqual([]);
  });

  it('shows field errors for a blank staff form and sends nothing', () => {
    const { actor, saves, enter } = admin();
    enter(targets.createAdmin);
    expect(actor.getSnapshot().value).toEqual({ form: 'editing' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toEqual({ form: 'invalid' });
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({
      user_name: 'validation.required',
      full_name: 'validation.required',
      role: 'validation.required',
    });
    expect(saves).toEqual([]);
  });

  it('refuses a Cyrillic login (spec 5: Latin only)', () => {
    const { actor, enter, set } = admin();
    enter(targets.createAdmin);
    set('user_name', 'оператор');
    set('full_name', 'Karimov Anvar');
    set('role', 'R008');
    actor.send({ type: 'form.submit' });
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({ user_name: 'validation.latinOnly' });
  });

  it('a changed field drops its error', () => {
    const { actor, enter, set } = admin();
    enter(targets.createAdmin);
    actor.send({ type: 'form.submit' });
    set('role', 'R008');
    expect(actor.getSnapshot().value).toEqual({ form: 'editing' });
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({
      user_name: 'validation.required',
      full_name: 'validation.required',
    });
  });

  it('creates a staff user with exactly one role and shows the link to it', async () => {
    const { actor, saves, enter, set } = admin();
    enter(targets.createAdmin);
    set('user_name', ' new.user ');
    set('full_name', 'Karimov Anvar');
    set('role', 'R008');
    set('email', 'new.user@example.uz');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toEqual({ form: 'saving' });
    await flush();
    expect(saves).toEqual([
      {
        mode: 'create',
        body: {
          kind: 'admin',
          user_name: 'new.user',
          full_name: 'Karimov Anvar',
          roles: ['R008'],
          email: 'new.user@example.uz',
        },
      },
    ]);
    expect(selectCreatedId(actor.getSnapshot())).toBe('42');
    actor.send({ type: 'form.restart' });
    expect(actor.getSnapshot().context.form).toEqual(blankForm('admin'));
  });

  it('a subscriber account needs its BAN, and a number for R001', () => {
    const { actor, enter, set } = admin();
    enter(targets.createSubscriber);
    expect(actor.getSnapshot().context.form.role).toBe('R001');
    set('user_name', 'sub.one');
    set('full_name', 'Rahimova Dilnoza');
    actor.send({ type: 'form.submit' });
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({
      ban: 'validation.required',
      phone: 'validation.required',
    });
    set('ban', '1002');
    set('phone', '+998 90 123');
    actor.send({ type: 'form.submit' });
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({
      ban: 'validation.fields',
      phone: 'validation.phone',
    });
  });

  it('offers client roles for a subscriber account and staff roles for an admin account', () => {
    const { actor, enter } = admin();
    enter(targets.createSubscriber);
    expect(selectRoleOptions(actor.getSnapshot())).toEqual(['R001', 'R004', 'R007']);
    enter(targets.createAdmin);
    expect(selectRoleOptions(actor.getSnapshot())).toEqual(STAFF_ROLES);
    expect(selectCanEditRole(actor.getSnapshot())).toBe(true);
  });

  it('offers helpdesk only the staff roles below the admin group, and ignores R000 (finding 20)', () => {
    const { actor, saves, enter, set } = admin();
    enter(targets.createAdmin, helpdeskRights);
    const options = selectRoleOptions(actor.getSnapshot());
    expect(options).toEqual(STAFF_ROLES.filter((r) => r !== 'R000' && r !== 'R030'));
    expect(options).toContain('R002');
    set('user_name', 'new.admin');
    set('full_name', 'Karimov Anvar');
    set('role', 'R000');
    expect(actor.getSnapshot().context.form.role).toBe('');
    set('role', 'R030');
    actor.send({ type: 'form.submit' });
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({ role: 'validation.required' });
    set('role', 'R033');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toEqual({ form: 'saving' });
    expect(saves[0]?.mode === 'create' && saves[0].body.roles).toEqual(['R033']);
  });

  it('shows the server refusal (E004 login taken) and saves again on submit', async () => {
    let refuse = true;
    const { actor, saves, enter, set } = admin({
      save: async () => (refuse ? Promise.reject(employeeDataForbidden) : { userId: '43' }),
    });
    enter(targets.createAdmin);
    set('user_name', 'new.user');
    set('full_name', 'Karimov Anvar');
    set('role', 'R008');
    actor.send({ type: 'form.submit' });
    await flush();
    expect(selectSaveFailure(actor.getSnapshot())).toBe('E135');
    refuse = false;
    actor.send({ type: 'form.submit' });
    await flush();
    expect(saves).toHaveLength(2);
    expect(selectCreatedId(actor.getSnapshot())).toBe('43');
  });
});

describe('editing users', () => {
  it('loads the user with branch and regions into the form', async () => {
    const { actor, gets, enter } = admin();
    enter(targets.edit);
    expect(actor.getSnapshot().value).toBe('loading');
    await flush();
    expect(gets).toEqual(['7']);
    expect(actor.getSnapshot().value).toEqual({ form: 'editing' });
    expect(actor.getSnapshot().context.form).toEqual(formOf(operatorDetails));
    expect(actor.getSnapshot().context.details?.regions).toHaveLength(2);
  });

  it('sends only what changed and says it was saved', async () => {
    const { actor, saves, enter, set } = admin();
    enter(targets.edit);
    await flush();
    set('full_name', 'Qodirov Sanjar Anvarovich');
    actor.send({ type: 'form.submit' });
    await flush();
    expect(saves).toEqual([{ mode: 'edit', userId: '7', body: { full_name: 'Qodirov Sanjar Anvarovich' } }]);
    expect(actor.getSnapshot().value).toEqual({ form: 'saved' });
  });

  it('refuses to clear the name on edit, and sends nothing (U22)', async () => {
    const { actor, saves, enter, set } = admin();
    enter(targets.edit);
    await flush();
    set('full_name', '  ');
    actor.send({ type: 'form.submit' });
    await flush();
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({ full_name: 'validation.required' });
    expect(saves).toEqual([]);
  });

  it('shows E135 / E136 above the save button', async () => {
    const { actor, enter, set } = admin({ save: async () => Promise.reject(employeeDataForbidden) });
    enter(targets.edit);
    await flush();
    set('role', 'R009');
    actor.send({ type: 'form.submit' });
    await flush();
    expect(selectSaveFailure(actor.getSnapshot())).toBe('E135');
  });

  it('offers a retry when the user cannot be loaded (network)', async () => {
    let fail = true;
    const { actor, enter } = admin({
      get: async () => (fail ? Promise.reject(offline) : operatorDetails),
    });
    enter(targets.edit);
    await flush();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    fail = false;
    actor.send({ type: 'load.retry' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ form: 'editing' });
  });

  it('an id that names no user (E014) is not found, with nothing to retry (U17)', async () => {
    const { actor, enter } = admin({ get: async () => Promise.reject(userNotFound) });
    enter(targets.edit);
    await flush();
    expect(actor.getSnapshot().value).toBe('notFound');
    expect(actor.getSnapshot().context.errorCode).toBe('E014');
    expect(actor.getSnapshot().can({ type: 'load.retry' })).toBe(false);
  });

  it('a new route parameter loads the other user', async () => {
    const { actor, gets, enter } = admin();
    enter(targets.edit);
    await flush();
    enter({ mode: 'edit', userId: '8' });
    await flush();
    expect(gets).toEqual(['7', '8']);
    expect(actor.getSnapshot().value).toEqual({ form: 'editing' });
  });

  it('keeps the role read-only, shown as it is, when the editor may not grant it', async () => {
    const { actor, enter, set } = admin();
    // call centre grants client roles only: the operator's R008 stays
    enter(targets.edit, { role: 'R003', employee: true });
    await flush();
    expect(selectCanEditRole(actor.getSnapshot())).toBe(false);
    expect(selectRoleOptions(actor.getSnapshot())).toEqual(['R008']);
    set('role', 'R001');
    expect(actor.getSnapshot().context.form.role).toBe('R008');
  });

  it('helpdesk sees an administrator’s R000 read-only and saves other fields without a role (PRG3)', async () => {
    const { actor, saves, enter, set } = admin({ get: async () => administratorDetails });
    enter(targets.edit, helpdeskRights);
    await flush();
    expect(selectRoleOptions(actor.getSnapshot())).toEqual(['R000']);
    expect(selectCanEditRole(actor.getSnapshot())).toBe(false);
    set('role', 'R008');
    set('full_name', 'Rustamov Jasur Ali');
    actor.send({ type: 'form.submit' });
    await flush();
    expect(saves).toEqual([{ mode: 'edit', userId: '7', body: { full_name: 'Rustamov Jasur Ali' } }]);
  });

  it('helpdesk may change an operator to another staff role but not to R000', async () => {
    const { actor, saves, enter, set } = admin();
    enter(targets.edit, helpdeskRights);
    await flush();
    expect(selectCanEditRole(actor.getSnapshot())).toBe(true);
    set('role', 'R000');
    expect(actor.getSnapshot().context.form.role).toBe('R008');
    set('role', 'R009');
    actor.send({ type: 'form.submit' });
    await flush();
    expect(saves).toEqual([{ mode: 'edit', userId: '7', body: { roles: ['R009'] } }]);
  });
});

describe('the form follows the editor (rules: tests/domain/user-form.rules.test.ts)', () => {
  it('the proxy field follows the editor', async () => {
    const { actor, enter } = admin();
    enter(targets.createSubscriber, { role: 'R003', employee: false });
    expect(selectCanChangeProxy(actor.getSnapshot())).toBe(false);
    enter(targets.createSubscriber, adminRights);
    expect(selectCanChangeProxy(actor.getSnapshot())).toBe(true);
  });
});

/** What the user form page renders in a state (decisions AR18): the connect function as a table. This page offers
 *  Retry on every load failure (no `retry` field: the view never asked `canRetry`). */
describe('user admin connect', () => {
  type Value = Parameters<typeof snapshotAt<typeof userAdminMachine>>[1];
  type Patch = Parameters<typeof snapshotAt<typeof userAdminMachine>>[2];
  const at = (value: Value, context: Patch = {}) => snapshotAt(userAdminMachine, value, context);
  const editing = {
    target: targets.edit,
    editor: adminRights,
    kind: 'admin',
    details: operatorDetails,
  } as const;
  const creatingSubscriber = {
    target: targets.createSubscriber,
    editor: adminRights,
    kind: 'subscriber',
  } as const;

  it.each([
    [
      'loading the user',
      at('loading', { target: targets.edit }),
      { statePath: 'loading', loading: true, showsForm: false, creating: false, loadFailure: null },
    ],
    [
      'the load failed',
      at('loadFailed', { target: targets.edit, errorCode: 'network' }),
      { statePath: 'loadFailed', loading: false, loadFailure: 'network', showsForm: false },
    ],
    ['a failure without a code', at('loadFailed', { target: targets.edit }), { loadFailure: 'unknown' }],
    [
      'no such user',
      at('notFound', { target: targets.edit, errorCode: 'E014' }),
      { statePath: 'notFound', loadFailure: null },
    ],
    [
      'a new client account',
      at({ form: 'editing' }, creatingSubscriber),
      {
        statePath: 'form.editing',
        showsForm: true,
        creating: true,
        kind: 'subscriber',
        hasProxy: true,
        canChangeProxy: true,
        phoneMode: 'hidden',
        emailMode: 'hidden',
        locked: false,
        saving: false,
      },
    ],
    [
      'editing a staff account, its role fixed',
      at(
        { form: 'editing' },
        { ...editing, roleField: { options: ['R008'], editable: false }, createdId: '42' },
      ),
      {
        creating: false,
        details: operatorDetails,
        roleOptions: ['R008'],
        canEditRole: false,
        hasProxy: false,
        canChangeProxy: false,
        phoneMode: 'editable',
        emailMode: 'editable',
        createdId: null,
        activation: null,
      },
    ],
    [
      'a client account edited shows its contacts read-only',
      at({ form: 'editing' }, { ...creatingSubscriber, target: targets.edit }),
      { creating: false, phoneMode: 'readOnly', emailMode: 'readOnly' },
    ],
    [
      'fields to correct',
      at({ form: 'invalid' }, { ...editing, fieldErrors: { full_name: 'validation.fillRequired' } }),
      { invalid: true, errors: { full_name: 'validation.fillRequired' }, locked: false },
    ],
    ['saving', at({ form: 'saving' }, editing), { saving: true, locked: true, saved: false }],
    ['saved', at({ form: 'saved' }, editing), { saved: true, saving: false, locked: false }],
    [
      'refused (E135)',
      at({ form: 'saveFailed' }, { ...editing, errorCode: 'E135' }),
      { saveFailure: 'E135', loadFailure: null, locked: false },
    ],
    [
      'created, with its link and how its activation travels',
      at({ form: 'created' }, { ...creatingSubscriber, createdId: '42', activation: 'companyEmail' }),
      { created: true, createdId: '42', activation: 'companyEmail', locked: true },
    ],
  ] as const)('%s', (_, snapshot, expected) => {
    expect(connectUserForm(snapshot)).toMatchObject(expected);
  });
});
