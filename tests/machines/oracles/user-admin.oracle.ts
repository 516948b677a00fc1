import type { ChartOracle, Ctx } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of user creation and editing: spec 2 "/administration … creation/{type}, edit-user/{id}", spec 7
 * "GET user/get/{user_id} -> result.branch, result.regions", spec 4 "a user cannot have multiple roles at once",
 * spec 5 "ввод должен быть исключительно латиницей", "Заполните все поля корректно", E135/E136, decisions A14
 * (creation) and A15 (editing: only changed fields are sent, the login is read-only), PRG1-PRG3 (the role list offers
 * only the roles the editor may grant; a role it may not grant is shown as it is, read-only).
 */
type Form = Record<'user_name' | 'full_name' | 'role' | 'ban' | 'phone' | 'email', string>;

const BLANK: Form = { user_name: '', full_name: '', role: '', ban: '', phone: '', email: '' };
const CLIENT = ['R001', 'R004', 'R007'];

/** A14: client roles make a subscriber account; every other titled role a staff ('admin') one. */
const kindOf = (roles: readonly string[]) => (CLIENT.includes(roles[0] ?? '') ? 'subscriber' : 'admin');

const code = (n: number) => `R${String(n).padStart(3, '0')}`;
/** Spec 3: titles exist for R000-R034; R006 has no group (spec 6). */
const TITLED = Array.from({ length: 35 }, (_, n) => code(n)).filter((r) => r !== 'R006');
const ADMIN = ['R000', 'R030'];
const STAFF = TITLED.filter((r) => !CLIENT.includes(r));
/** Spec 6 createSubscriber without createAdmin: R003, R034, R008, R009, R011-R023, R032. */
const CLIENT_GRANTORS = [
  'R003',
  'R034',
  'R008',
  'R009',
  'R032',
  ...Array.from({ length: 13 }, (_, n) => code(11 + n)),
];

/** PRG1 (nobody grants a role above their own group, only R000/R030 grant R000/R030), written
 *  again from the rule: the roles the editor's active role may grant. */
function grants(editorRole: string | null): string[] {
  if (editorRole === null) return [];
  if (ADMIN.includes(editorRole)) return TITLED;
  if (editorRole === 'R002' || editorRole === 'R033') return STAFF.filter((r) => !ADMIN.includes(r));
  if (CLIENT_GRANTORS.includes(editorRole)) return CLIENT;
  return [];
}

/** PRG3: the roles of the account's kind the editor may grant; an edited account's role it may not grant alone. */
function roleFieldFor(editorRole: string | null, kind: string, held: string | null) {
  const ofKind = kind === 'subscriber' ? CLIENT : STAFF;
  const options = ofKind.filter((r) => grants(editorRole).includes(r));
  if (held === null || held === '' || options.includes(held))
    return { options, editable: options.length > 0 };
  return { options: [held], editable: false };
}

/** The role field of the form in view, from the editor, the kind and the loaded account. */
const roleFieldOf = (c: Ctx) =>
  roleFieldFor(
    c.editor?.role ?? null,
    c.kind,
    c.target?.mode === 'edit' ? (c.details?.roles?.[0] ?? null) : null,
  );

/** PRC1 (spec 5 "employee data changes forbidden"): staff type a staff account's contact, and of a client account
 *  only a new subscriber's (R001) own number. */
const staffTypes = (kind: string, mode: string, role: string, field: 'phone' | 'email') =>
  kind !== 'subscriber' || (field === 'phone' && mode === 'create' && role === 'R001');

/** A14 / spec 5 field rules, written out again (not the chart's validator): the error of each field. `roles`: what
 *  the role field offers (PRG3). */
function fieldErrors(mode: string, kind: string, f: Form, roles: readonly string[]): Record<string, string> {
  const e: Record<string, string> = {};
  const login = f.user_name.trim();
  if (mode === 'create') {
    if (login === '') e.user_name = 'validation.required';
    else if (/[\u0400-\u04FF]/.test(login)) e.user_name = 'validation.latinOnly';
    else if (login.length > 100) e.user_name = 'validation.max100';
    else if (!/^[A-Za-z0-9._-]{3,100}$/.test(login)) e.user_name = 'validation.fields';
  }
  // U22: a name is required on create and on edit, at most 200 characters
  const name = f.full_name.trim();
  if (name === '') e.full_name = 'validation.required';
  else if (name.length > 200) e.full_name = 'validation.max200';
  if (f.role === '') e.role = 'validation.required';
  else if (!roles.includes(f.role)) e.role = 'validation.fields';
  const ban = f.ban.trim();
  if (kind === 'subscriber') {
    if (ban === '' && mode === 'create') e.ban = 'validation.required';
    else if (ban !== '' && !/^\d{9}$/.test(ban)) e.ban = 'validation.fields';
  }
  const phone = f.phone.replace(/\D/g, '');
  // PRC1: staff type no client account's contact (a new subscriber's own number excepted): not checked, not sent
  if (staffTypes(kind, mode, f.role, 'phone')) {
    if (f.role === 'R001' && mode === 'create' && phone === '') e.phone = 'validation.required';
    else if (f.phone.trim() !== '' && !/^\d{9,12}$/.test(phone)) e.phone = 'validation.phone';
  }
  const email = f.email.trim();
  // U21: a Latin address of at most 200 characters
  if (
    staffTypes(kind, mode, f.role, 'email') &&
    email !== '' &&
    (email.length > 200 || !/^[A-Za-z0-9_'+.-]+@([A-Za-z0-9-]+\.)+[A-Za-z]{2,}$/.test(email))
  )
    e.email = 'validation.email';
  return e;
}

const errorsOf = (c: Ctx) => fieldErrors(c.target.mode, c.kind, c.form, roleFieldOf(c).options);
const valid = (c: Ctx) => Object.keys(errorsOf(c)).length === 0;

const opt = (v: string) => (v.trim() === '' ? {} : { v: v.trim() });

/** A14 create body / A15 update body (only changed fields), the saveUser input. */
function saveInput(c: Ctx) {
  const f: Form = c.form;
  if (c.target.mode === 'edit') {
    const o: Form = c.original;
    const body: Record<string, unknown> = {};
    if (f.full_name.trim() !== o.full_name) body.full_name = f.full_name.trim();
    if (f.role !== o.role) body.roles = [f.role];
    if (f.ban.trim() !== o.ban && f.ban.trim() !== '') body.ban = f.ban.trim();
    const phone = f.phone.replace(/\D/g, '');
    const client = kindOf([o.role]) === 'subscriber';
    if (!client && f.phone.trim() !== o.phone && phone !== '') body.phone = phone;
    if (!client && f.email.trim() !== o.email && f.email.trim() !== '') body.email = f.email.trim();
    return { mode: 'edit', userId: c.target.userId, body };
  }
  const body: Record<string, unknown> = { kind: c.kind, user_name: f.user_name.trim(), roles: [f.role] };
  if ('v' in opt(f.full_name)) body.full_name = f.full_name.trim();
  if (c.kind === 'subscriber' && 'v' in opt(f.ban)) body.ban = f.ban.trim();
  if ('v' in opt(f.phone.replace(/\D/g, '')) && staffTypes(c.kind, 'create', f.role, 'phone'))
    body.phone = f.phone.replace(/\D/g, '');
  if ('v' in opt(f.email) && staffTypes(c.kind, 'create', f.role, 'email')) body.email = f.email.trim();
  return { mode: 'create', body };
}

const blankFor = (kind: string): Form => ({ ...BLANK, role: kind === 'subscriber' ? 'R001' : '' });
/** A15: the login of an existing account is read-only; PRG3: the role takes only an offered role (or a blank), and
 *  nothing when the editor may not change it. */
const editable = (c: Ctx, ev: Ctx) => {
  if (ev.field === 'user_name') return c.target?.mode === 'create';
  if (ev.field !== 'role') return true;
  const field = roleFieldOf(c);
  return field.editable && (ev.value === '' || field.options.includes(ev.value));
};
const typed = (c: Ctx, ev: Ctx) => {
  const { [ev.field]: _cleared, ...rest } = c.fieldErrors;
  return { form: { ...c.form, [ev.field]: ev.value }, fieldErrors: rest, errorCode: null };
};
const FIELD_STATES = ['form.editing', 'form.invalid', 'form.saved', 'form.saveFailed'];

export const userAdminOracle: ChartOracle = {
  id: 'userAdmin',
  initial: { to: 'waiting' },
  // spec 2: before the route (creation/{type} or edit-user/{id}) is known: no editor rights (PRG1: nothing to grant),
  // a blank staff ('admin', A14) form, nothing loaded, wrong or created
  context: () => ({
    target: null,
    editor: { role: null, employee: false },
    kind: 'admin',
    details: null,
    roleField: { options: [], editable: false },
    original: BLANK,
    form: BLANK,
    fieldErrors: {},
    errorCode: null,
    createdId: null,
    activation: null,
  }),
  invokes: {
    loading: { getUser: (c) => ({ userId: c.target.userId }) },
    'form.saving': { saveUser: (c) => saveInput(c) },
  },
  rows: [
    {
      from: '*',
      event: 'route.entered',
      when: (_, ev) => ev.target.mode === 'edit',
      to: 'loading',
      reenter: true,
      // A15: another account's page: nothing of the form before stays (its errors, what was created and where the
      // activation link went) until the account is loaded
      ctx: (_, ev) => ({
        target: ev.target,
        editor: ev.editor,
        details: null,
        roleField: { options: [], editable: false },
        original: BLANK,
        form: BLANK,
        fieldErrors: {},
        errorCode: null,
        createdId: null,
        activation: null,
      }),
      spec: 'spec 2 edit-user/{id}; spec 7 GET user/get/{user_id}',
    },
    {
      from: '*',
      event: 'route.entered',
      to: 'form.editing',
      reenter: true,
      ctx: (_, ev) => ({
        target: ev.target,
        editor: ev.editor,
        kind: ev.target.kind,
        details: null,
        roleField: roleFieldFor(ev.editor.role, ev.target.kind, null),
        form: blankFor(ev.target.kind),
        original: blankFor(ev.target.kind),
        fieldErrors: {},
        errorCode: null,
        createdId: null,
        activation: null,
      }),
      spec: 'spec 2 creation/{type}; A14 kinds subscriber (role R001 first) and admin; PRG1 roles the editor may grant',
    },
    {
      from: 'loading',
      event: done('getUser'),
      to: 'form.editing',
      ctx: (c, ev) => {
        const form: Form = {
          user_name: ev.output.user_name,
          full_name: ev.output.full_name ?? '',
          role: ev.output.roles[0] ?? '',
          ban: ev.output.ban ?? '',
          phone: ev.output.phone ?? '',
          email: ev.output.email ?? '',
        };
        return {
          details: ev.output,
          kind: kindOf(ev.output.roles),
          roleField: roleFieldFor(c.editor.role, kindOf(ev.output.roles), ev.output.roles[0] ?? null),
          form,
          // A15: what was loaded is what a save compares with (only changed fields are sent)
          original: form,
        };
      },
      spec: 'spec 7 user/get → branch, regions; A15; PRG3 a role the editor may not grant is shown read-only',
    },
    {
      from: 'loading',
      event: failed('getUser'),
      when: (_, ev) => codeOf(ev) === 'E014',
      to: 'notFound',
      ctx: (_, ev) => ({ errorCode: codeOf(ev) }),
      spec: 'spec 8 E014 user not found; U17 the address names no user: not found, no retry',
    },
    {
      from: 'loading',
      event: failed('getUser'),
      to: 'loadFailed',
      ctx: (_, ev) => ({ errorCode: codeOf(ev) }),
      spec: 'spec 8 other failures (network, server): retry',
    },
    {
      from: 'loadFailed',
      event: 'load.retry',
      to: 'loading',
      ctx: () => ({ errorCode: null }),
      spec: 'A15 load again',
    },
    {
      from: FIELD_STATES,
      event: 'field.change',
      when: editable,
      to: 'form.editing',
      ctx: typed,
      spec: 'A14 / A15 typing edits the form; PRG3 only a role the editor may grant',
    },
    // A15: the login of an existing account is read-only: typing into it changes nothing (no row: ignored)
    {
      from: 'form.editing',
      event: 'form.submit',
      when: (c) => valid(c),
      to: 'form.saving',
      spec: 'A14 / A15 a valid form is saved',
    },
    {
      from: 'form.editing',
      event: 'form.submit',
      to: 'form.invalid',
      ctx: (c) => ({ fieldErrors: errorsOf(c) }),
      spec: "spec 5 'Заполните все поля корректно'; A14",
    },
    {
      from: ['form.saved', 'form.saveFailed'],
      event: 'form.submit',
      to: 'form.saving',
      spec: 'A15 save again',
    },
    {
      from: 'form.saving',
      event: done('saveUser'),
      when: (c) => c.target.mode === 'create',
      to: 'form.created',
      ctx: (c, ev) => ({
        createdId: ev.output.userId,
        activation: ev.output.activation ?? null,
        original: c.form,
        errorCode: null,
      }),
      effects: () => [{ type: 'notifyCreated' }],
      spec: 'A14 after creating, a link to edit the new user and «Создать ещё»; U16 a notification says the user was created; PRC2 where its activation link went',
    },
    {
      from: 'form.saving',
      event: done('saveUser'),
      to: 'form.saved',
      ctx: (c) => ({ createdId: null, original: c.form, errorCode: null }),
      effects: () => [{ type: 'notifySaved' }],
      spec: 'A15 saved; U16 a notification says so',
    },
    {
      from: 'form.saving',
      event: failed('saveUser'),
      to: 'form.saveFailed',
      ctx: (_, ev) => ({ errorCode: codeOf(ev) }),
      spec: 'spec 8 E135/E136 employee data changes forbidden; A15 shown above the save button',
    },
    {
      from: 'form.created',
      event: 'form.restart',
      to: 'form.editing',
      ctx: (c) => ({
        form: blankFor(c.kind),
        original: blankFor(c.kind),
        fieldErrors: {},
        createdId: null,
        activation: null,
        errorCode: null,
      }),
      spec: 'A14 «Создать ещё»',
    },
  ],
};
