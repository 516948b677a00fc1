import type { AnyEventObject } from 'xstate';
import { FEATURES } from '@/domain/capabilities.rules';
import type { AuthFlowEvent } from '@/machines/auth-flow.machine';
import type { SessionEvent } from '@/machines/session.machine';
import type { ContactValues, SettingsEvent, SettingsInput } from '@/machines/settings.machine';
import { ApiFailure } from '@/services/api/api-error';
import type { Profile, User } from '@/services/contract/session.contract';
import type { ModelTestEntry } from '../support/model-registry';
import { payloadsFor } from '../support/model-universe';

/**
 * Realistic users, profiles and actor results of the session, Auth flow and Settings charts (model paths, random
 * walk, view walks, unit tests). Few fixed objects, so the charts' contexts stay enumerable.
 */

/** A curator's own BAN (type 5, can buy numbers), as GET profile answers. */
export const curatorProfile: Profile = {
  at: 5,
  ban: '100234561',
  sn: null,
  status: 'A',
  can_buy_number: true,
  fin_data: { balance: 48_250_000, budget: 15_000_000, unbilled_amnt: null },
  employee_data: null,
  phone_number: '998901112233',
  feedback_type: 'sms',
  email_address: 'info@savdo.uz',
  company_name: 'Toshkent Savdo Invest MChJ',
};

/**
 * The same company's BAN of account type 40, the last of spec 2/6's ban-type list (5, 15, 40), and of type 20, which
 * is not ban-type: the menu offers the banExclude Services page on the second only.
 */
export const curatorProfileType40: Profile = { ...curatorProfile, at: 40 };
export const curatorProfileType20: Profile = { ...curatorProfile, at: 20 };

/** R004 with a profile: no role choice, lands on Profile. */
export const curatorUser: User = {
  user_name: 'curator',
  user_id: 4,
  full_name: 'Abdullayeva Malika',
  roles: ['R004'],
  profile: curatorProfile,
  ban: null,
  headBan: '100234561',
  backToHeadBan: false,
  force_change_password: false,
  chosenRole: null,
};

/** R004 who must change the password: Settings only. */
export const newCuratorUser: User = {
  ...curatorUser,
  user_name: 'newcurator',
  user_id: 16,
  force_change_password: true,
};

/** A single staff role, nothing stored for the session yet: the role is saved by itself. */
export const helpdeskUser: User = {
  user_name: 'helpdesk',
  user_id: 2,
  roles: ['R002'],
  profile: null,
  ban: null,
  headBan: null,
  backToHeadBan: false,
  force_change_password: false,
  chosenRole: null,
};

/** The same user once the role is stored: nothing to do at start. */
export const helpdeskChosenUser: User = { ...helpdeskUser, chosenRole: 'R002' };

/** Two staff roles, none chosen: the role picker. */
export const multiroleUser: User = {
  user_name: 'multirole',
  user_id: 15,
  roles: ['R008', 'R005'],
  profile: null,
  ban: null,
  headBan: null,
  backToHeadBan: false,
  force_change_password: false,
  chosenRole: null,
};

/** A curator who also holds a staff role (spec 4: the curator's role is taken without a choice). */
export const curatorStaffUser: User = {
  ...curatorUser,
  user_name: 'curatorstaff',
  user_id: 17,
  roles: ['R004', 'R002'],
};

/** Staff first, curator chosen before, who must change the password: the chosen role decides (spec 2, S9). */
export const chosenCuratorForcedUser: User = {
  ...multiroleUser,
  user_name: 'chosencurator',
  user_id: 18,
  roles: ['R002', 'R004'],
  chosenRole: 'R004',
  profile: curatorProfile,
  force_change_password: true,
};

/** A subscriber who just confirmed the SMS code: a temporary password to change. */
export const newSubscriberUser: User = {
  user_name: '901234567',
  user_id: 40,
  roles: ['R001'],
  profile: { at: 15, sn: '901234567', ban: '100457732', status: 'A' },
  ban: null,
  headBan: '100457732',
  backToHeadBan: false,
  force_change_password: true,
  chosenRole: null,
};

const failure = (code: string, description?: string) =>
  new ApiFailure(
    description === undefined ? { kind: 'server', code } : { kind: 'server', code, description },
  );
/** E009: session missing, closed or expired. */
export const noSession = failure('E009');
/** No reply at all. */
export const offline = new ApiFailure({ kind: 'network' });

const done = (id: string, ...outputs: unknown[]): AnyEventObject[] =>
  outputs.map((output) => ({ type: `xstate.done.actor.${id}`, output }));
const error = (id: string, ...errors: unknown[]): AnyEventObject[] =>
  errors.map((e) => ({ type: `xstate.error.actor.${id}`, error: e }));

/** The session chart: every start-up branch (picker, automatic save, profile, forced change, ready). */
export const sessionModelEntry: ModelTestEntry = {
  id: 'session',
  // the chart stores the profile; the shell reads its account type (the banExclude Services entry, spec 2/6)
  answerClasses: ['xstate.done.actor.fetchProfile'],
  payloads: payloadsFor<SessionEvent>({
    'xstate.done.actor.fetchSession': done(
      'fetchSession',
      curatorUser,
      multiroleUser,
      helpdeskChosenUser,
      curatorStaffUser,
      chosenCuratorForcedUser,
      null,
    ),
    'xstate.error.actor.fetchSession': error('fetchSession', noSession, offline),
    'xstate.done.actor.fetchProfile': done(
      'fetchProfile',
      curatorProfile,
      curatorProfileType40,
      curatorProfileType20,
    ),
    'xstate.error.actor.fetchProfile': error('fetchProfile', noSession, offline),
    // CAP1: everything the reference backend offers, or nothing (a backend without the call)
    'xstate.done.actor.fetchCapabilities': done('fetchCapabilities', [...FEATURES], []),
    'xstate.error.actor.fetchCapabilities': error('fetchCapabilities', offline, failure('E001')),
    'xstate.done.actor.saveChosenRole': done('saveChosenRole', undefined),
    'xstate.error.actor.saveChosenRole': error('saveChosenRole', noSession, failure('E130')),
    'xstate.done.actor.logOut': done('logOut', undefined),
    'xstate.error.actor.logOut': error('logOut', noSession, offline),
    'xstate.done.actor.authFlow': done('authFlow', helpdeskUser, newCuratorUser),
    'xstate.error.actor.authFlow': error('authFlow', new Error('auth flow crashed')),
    // the second and the first role of the picker's user: the chosen one is saved, not the first listed
    'role.choose': [
      { type: 'role.choose', role: 'R005' },
      { type: 'role.choose', role: 'R008' },
    ],
    'route.denied': [{ type: 'route.denied', path: '/settings' }],
  }),
};

/** The Auth flow: every page, a valid and an invalid form each, one server error per call. */
export const AUTH = {
  login: { login: 'curator', password: 'Demo-2026' },
  phone: '901234567',
  code: '123456',
  token: 'token-1',
  newPassword: 'NewPass-2026',
} as const;

export const authFlowModelEntry: ModelTestEntry = {
  id: 'authFlow',
  payloads: payloadsFor<AuthFlowEvent>({
    'page.open': [
      { type: 'page.open', page: 'login' },
      { type: 'page.open', page: 'register' },
      { type: 'page.open', page: 'check' },
      { type: 'page.open', page: 'forgot' },
      { type: 'page.open', page: 'restore', r: AUTH.token },
      { type: 'page.open', page: 'restore', r: null },
      // boundary: a recovery link whose r is empty
      { type: 'page.open', page: 'restore', r: '' },
    ],
    'login.submit': [
      { type: 'login.submit', ...AUTH.login },
      { type: 'login.submit', login: '', password: AUTH.login.password },
      // the login is trimmed (the password never is)
      { type: 'login.submit', login: ` ${AUTH.login.login}  `, password: AUTH.login.password },
    ],
    'register.submit': [
      { type: 'register.submit', phone: AUTH.phone },
      { type: 'register.submit', phone: '12' },
      { type: 'register.submit', phone: ` ${AUTH.phone} ` },
    ],
    'check.submit': [
      { type: 'check.submit', phone: AUTH.phone, code: AUTH.code },
      { type: 'check.submit', phone: AUTH.phone, code: '' },
      // spaces around the code, and a code one digit under the minimum of 4
      { type: 'check.submit', phone: AUTH.phone, code: ` ${AUTH.code} ` },
      { type: 'check.submit', phone: AUTH.phone, code: '123' },
    ],
    'code.resend': [
      { type: 'code.resend', phone: AUTH.phone },
      { type: 'code.resend', phone: '' },
    ],
    'forgot.submit': [
      { type: 'forgot.submit', login: AUTH.login.login },
      { type: 'forgot.submit', login: ' ' },
      { type: 'forgot.submit', login: ` ${AUTH.login.login} ` },
    ],
    'restore.submit': [
      { type: 'restore.submit', password: AUTH.newPassword, confirm: AUTH.newPassword },
      { type: 'restore.submit', password: AUTH.newPassword, confirm: 'Other-2026' },
      { type: 'restore.submit', password: '', confirm: '' },
      // D29: the confirmation is compared exactly, a trailing space is a mismatch
      { type: 'restore.submit', password: AUTH.newPassword, confirm: `${AUTH.newPassword} ` },
    ],
    'xstate.done.actor.logIn': done('logIn', curatorUser),
    'xstate.error.actor.logIn': error('logIn', failure('E012')),
    'xstate.done.actor.requestCode': done('requestCode', undefined),
    'xstate.error.actor.requestCode': error('requestCode', failure('E008')),
    'xstate.done.actor.checkCode': done('checkCode', newSubscriberUser),
    // E138 with the seconds to wait: the check page counts them down (2 s keeps the contexts few); the try budget
    // used up on check answers E138 too
    'xstate.error.actor.checkCode': error('checkCode', failure('E003'), failure('E138', '2')),
    'xstate.done.actor.resendCode': done('resendCode', undefined),
    'xstate.error.actor.resendCode': error('resendCode', failure('E025'), failure('E138', '2')),
    'xstate.done.actor.requestRestoreLink': done('requestRestoreLink', undefined),
    // finding 24: the recovery link's limit counts down on the forgot page (2 s keeps the contexts few)
    'xstate.error.actor.requestRestoreLink': error(
      'requestRestoreLink',
      failure('E086'),
      failure('E138', '2'),
    ),
    // RL1: every answer the link check has (valid opens the form; used, expired, unknown refuse it)
    'xstate.done.actor.checkRestoreLink': done('checkRestoreLink', 'valid', 'used', 'expired', 'unknown'),
    'xstate.error.actor.checkRestoreLink': error('checkRestoreLink', offline),
    'xstate.done.actor.restorePassword': done('restorePassword', undefined),
    'xstate.error.actor.restorePassword': error('restorePassword', failure('E024')),
  }),
};

/** The contact data of `curatorProfile`, as the Settings page starts with it. */
/** What the Settings form opens with for curatorProfile (`phone_number: '998901112233'`): the phone as the portal
 *  reads it everywhere (the field once showed the raw digits). */
export const curatorContacts: ContactValues = {
  phone: '+998 90 111 22 33',
  feedbackType: 'sms',
  email: 'info@savdo.uz',
};

export const settingsInput: SettingsInput = {
  contacts: curatorContacts,
  draftKey: 'draft:curator:/settings:contacts',
};

export const PASSWORDS = { current: 'Demo-2026', next: 'NewPass-2026' } as const;
/** U21's longest password: 200 characters, letters and digits. */
const LONGEST_PASSWORD = 'A1'.repeat(100);

/** The Settings chart: both forms, valid and invalid submits, a draft and no draft. */
export const settingsModelEntry: ModelTestEntry = {
  id: 'settings',
  input: settingsInput,
  payloads: payloadsFor<SettingsEvent>({
    'password.submit': [
      {
        type: 'password.submit',
        current: PASSWORDS.current,
        password: PASSWORDS.next,
        confirm: PASSWORDS.next,
      },
      {
        type: 'password.submit',
        current: PASSWORDS.current,
        password: PASSWORDS.next,
        confirm: 'Other-2026',
      },
      // D29: the confirmation is compared exactly, a trailing space is a mismatch
      {
        type: 'password.submit',
        current: PASSWORDS.current,
        password: PASSWORDS.next,
        confirm: `${PASSWORDS.next} `,
      },
      { type: 'password.submit', current: '', password: PASSWORDS.next, confirm: PASSWORDS.next },
      // U21: a new password of exactly 200 characters is accepted, one of 201 is not
      {
        type: 'password.submit',
        current: PASSWORDS.current,
        password: LONGEST_PASSWORD,
        confirm: LONGEST_PASSWORD,
      },
      {
        type: 'password.submit',
        current: PASSWORDS.current,
        password: `${LONGEST_PASSWORD}A`,
        confirm: `${LONGEST_PASSWORD}A`,
      },
      {
        type: 'password.submit',
        current: PASSWORDS.current,
        password: PASSWORDS.current,
        confirm: PASSWORDS.current,
      },
    ],
    'contacts.change': [
      { type: 'contacts.change', field: 'email', value: 'not-an-email' },
      { type: 'contacts.change', field: 'email', value: 'office@savdo.uz' },
      // the phone with spaces around, and as digits without separators
      { type: 'contacts.change', field: 'phone', value: ' +998 90 111 22 44 ' },
      { type: 'contacts.change', field: 'phone', value: '998901112244' },
    ],
    'xstate.done.actor.restoreDraft': done('restoreDraft', { phone: '998907654321' }, null),
    'xstate.error.actor.restoreDraft': error('restoreDraft', new Error('storage unavailable')),
    'xstate.done.actor.changePassword': done('changePassword', undefined),
    'xstate.error.actor.changePassword': error('changePassword', failure('E012')),
    'xstate.done.actor.saveContacts': done('saveContacts', undefined),
    'xstate.error.actor.saveContacts': error('saveContacts', failure('E101')),
  }),
};
