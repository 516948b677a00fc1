import type { ChartOracle, Ctx, Ev, OracleRow } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of the Settings page: spec 2 "details and settings show a tabs panel", spec 4 forced password
 * change (ends it), spec 5 "Password confirmation mismatch: 'Пароли не совпадают'", decisions S17 (two forms) and
 * S18 (contact data: phone 9-12 digits, email validated, kept as a draft across an expiry).
 */
/**
 * spec 5 generic: every field is required; U21: no password is over 200 characters, and the new one follows the rule
 * the server applies (8 to 200 characters, a letter and a digit).
 */
function passwordProblem(ev: Ev): { code: string; field: string } | null {
  for (const field of ['current', 'password', 'confirm'])
    if (ev[field] === '') return { code: 'validation.required', field };
  if (ev.current.length > 200) return { code: 'validation.max200', field: 'current' };
  if (ev.password.length > 200) return { code: 'validation.max200', field: 'password' };
  if (ev.password.length < 8 || !/\p{L}/u.test(ev.password) || !/[0-9]/.test(ev.password))
    return { code: 'validation.passwordRule', field: 'password' };
  // the server's rule: the new password differs from the current one
  if (ev.password === ev.current) return { code: 'validation.samePassword', field: 'password' };
  return null;
}

/**
 * S18: phone 9-12 digits (separators allowed), email validated (U21: Latin address, at most 200 characters); empty
 * clears. U21: the chosen way of contact keeps its channel: e-mail needs an address, SMS and call a phone.
 */
function contactError(c: Ctx): { code: string; field: string } | null {
  const digits = c.phone.replace(/\D/g, '');
  if (c.phone.trim() !== '' && (digits.length < 9 || digits.length > 12 || /[^\d\s+()-]/.test(c.phone)))
    return { code: 'validation.phone', field: 'phone' };
  const email = c.email.trim();
  if (
    email !== '' &&
    (email.length > 200 || !/^[A-Za-z0-9_'+.-]+@([A-Za-z0-9-]+\.)+[A-Za-z]{2,}$/.test(email))
  )
    return { code: 'validation.email', field: 'email' };
  if (c.feedbackType === 'email' && email === '')
    return { code: 'validation.emailForFeedback', field: 'email' };
  if ((c.feedbackType === 'sms' || c.feedbackType === 'call') && c.phone.trim() === '')
    return { code: 'validation.phoneForFeedback', field: 'phone' };
  return null;
}

const passwordRows = (from: string, stay: string): OracleRow[] => [
  {
    from,
    event: 'password.submit',
    when: (_, ev) => passwordProblem(ev) !== null,
    to: stay,
    ctx: (_, ev) => ({ passwordError: passwordProblem(ev) }),
    spec: 'spec 5 generic: every field is required; U21 lengths and the password rule before any call',
  },
  {
    from,
    event: 'password.submit',
    when: (_, ev) => ev.password !== ev.confirm,
    to: stay,
    ctx: () => ({ passwordError: { code: 'validation.passwordMismatch', field: 'confirm' } }),
    spec: "spec 5 'Пароли не совпадают'",
  },
  {
    from,
    event: 'password.submit',
    to: 'password.submitting',
    ctx: () => ({ passwordError: null }),
    spec: 'S17 password change',
  },
];

const typed = (stayOrEditing: string): OracleRow => ({
  from: stayOrEditing === '.' ? 'contacts.editing' : 'contacts.saved',
  event: 'contacts.change',
  to: stayOrEditing,
  ctx: (c, ev) => ({ contacts: { ...c.contacts, [ev.field]: ev.value }, contactsError: null }),
  effects: (c, ev) => [
    { type: 'saveDraft', params: { key: c.draftKey, values: { ...c.contacts, [ev.field]: ev.value } } },
  ],
  spec: 'S18 typed contact data is kept as a draft',
});

export const settingsOracle: ChartOracle = {
  id: 'settings',
  initial: { to: ['password.editing', 'contacts.restoring'] },
  // S18: the contact form starts from the company's saved contacts and its draft key (the page's input)
  context: (input) => ({
    contacts: (input as Ctx).contacts,
    draftKey: (input as Ctx).draftKey,
    passwordError: null,
    contactsError: null,
  }),
  invokes: {
    'contacts.restoring': { restoreDraft: (c) => ({ key: c.draftKey }) },
    // spec 7 style POST user/change-password with the typed passwords (never kept in context)
    'password.submitting': { changePassword: (_, ev) => ({ current: ev.current, password: ev.password }) },
    // S18: POST profile/contacts with the form's values
    'contacts.saving': { saveContacts: (c) => c.contacts },
  },
  rows: [
    ...passwordRows('password.editing', '.'),
    ...passwordRows('password.changed', 'password.editing'),
    {
      from: 'password.submitting',
      event: done('changePassword'),
      to: 'password.changed',
      effects: () => [{ type: 'tellPasswordChanged' }, { type: 'notifyPasswordChanged' }],
      spec: 'S17; spec 4 a forced password change ends; AR2 settings tells the session the password changed; U16 and a notification says it (spec 9)',
    },
    {
      from: 'password.submitting',
      event: failed('changePassword'),
      to: 'password.editing',
      ctx: (_, ev) => ({
        passwordError:
          codeOf(ev) === 'E012'
            ? { code: 'validation.wrongCurrentPassword', field: 'current' }
            : { code: codeOf(ev), field: null },
      }),
      spec: 'spec 8 E012 wrong login/password; U21 on a password change it says the current password is wrong',
    },
    {
      from: 'contacts.restoring',
      event: done('restoreDraft'),
      to: 'contacts.editing',
      ctx: (c, ev) => ({
        contacts: {
          ...c.contacts,
          ...Object.fromEntries(Object.entries(ev.output ?? {}).filter(([, v]) => typeof v === 'string')),
        },
      }),
      spec: 'S18 contact data survives expiry',
    },
    {
      from: 'contacts.restoring',
      event: failed('restoreDraft'),
      to: 'contacts.editing',
      ctx: (c) => ({ contacts: c.contacts }),
      spec: 'S18 no draft: the profile data',
    },
    typed('.'),
    typed('contacts.editing'),
    {
      from: 'contacts.editing',
      event: 'contacts.submit',
      when: (c) => contactError(c.contacts) !== null,
      to: '.',
      ctx: (c) => ({ contactsError: contactError(c.contacts) }),
      spec: 'S18 phone 9-12 digits, email validated',
    },
    {
      from: 'contacts.editing',
      event: 'contacts.submit',
      to: 'contacts.saving',
      ctx: () => ({ contactsError: null }),
      spec: 'S18 POST profile/contacts',
    },
    {
      from: 'contacts.saving',
      event: done('saveContacts'),
      to: 'contacts.saved',
      effects: (c) => [
        { type: 'clearDraft', params: { key: c.draftKey } },
        { type: 'refreshSession' },
        { type: 'notifyContactsSaved' },
      ],
      spec: 'S18 the draft is dropped once saved; S15 and AR2 saved contact data: settings tells the session to refresh; U16 a notification says it was saved (spec 9)',
    },
    {
      from: 'contacts.saving',
      event: failed('saveContacts'),
      to: 'contacts.editing',
      ctx: (_, ev) => ({ contactsError: { code: codeOf(ev), field: null } }),
      spec: 'spec 8 error shown; S18',
    },
  ],
};
