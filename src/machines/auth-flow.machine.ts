import { assign, setup } from 'xstate';
import { type AuthField, type AuthForm, authFormErrors, signInBody } from '@/domain/auth-form.rules';
import { validatePasswordConfirmation } from '@/domain/credentials.rules';
import type { AuthPage } from '@/domain/routes.rules';
import type { RestoreLinkState, User } from '@/services/contract/session.contract';
import { errorCodeOf, errorParams, errorWaitOf, unprovided } from './error-code';
import type { StateMeta } from './state-meta';

export type { AuthField };

/**
 * An error shown on an Auth form: a code (catalogue code such as `E012`, or an i18n key such as
 * `validation.passwordMismatch`) and the field it belongs to (`null` = the whole form).
 */
export interface AuthError {
  readonly code: string;
  readonly field: AuthField | null;
  /** the other fields' problems of the same submit (U21: every wrong field is flagged, not only the first) */
  readonly more?: readonly { readonly code: string; readonly field: AuthField }[];
}

/** A message shown after a step succeeded: the SMS code was sent. Other successes are states (`sent`, `restored`). */
export type AuthNotice = 'codeSent';

/** RL1: the code a used link (an account activated, a password set already) keeps in context; not a text key, so the
 *  login page's script names none of the other forms' texts (the view reads its words from their chunk). */
export const LINK_USED_CODE = 'linkUsed';

/**
 * Context of the Auth flow. No password is ever kept: passwords travel in the submit event to the invoked call only.
 * `phone` (not secret) carries the registering number from the register step to the SMS-code step.
 */
export interface AuthFlowContext {
  readonly phone: string | null;
  /** the `r` query of a recovery link (spec 2 "a restore link with an r query parameter keeps the query") */
  readonly restoreToken: string | null;
  readonly error: AuthError | null;
  readonly notice: AuthNotice | null;
  /** the user the server returned when the session opened (login or SMS code); the flow's output */
  readonly user: User | null;
  /** seconds until a new SMS code may be asked for (E138 said how long; counted down on the check page), 0 = now */
  readonly resendWait: number;
  /** seconds until a new recovery link may be asked for (E138 on the forgot page; counted down there), 0 = now */
  readonly linkWait: number;
}

/**
 * Events of the Auth flow.
 * - `page.open`: fact from the router: the Auth page `/{lang}/{page}` is shown (`r` = the restore link's query).
 * - `login.submit`: user intent: log in with login and password.
 * - `register.submit`: user intent: register the phone (an SMS code is sent).
 * - `check.submit`: user intent: confirm the SMS code (opens the session).
 * - `code.resend`: user intent: send the SMS code again.
 * - `forgot.submit`: user intent: send a password-recovery link for the login.
 * - `restore.submit`: user intent: set a new password from the recovery link.
 */
export type AuthFlowEvent =
  | { type: 'page.open'; page: AuthPage; r?: string | null }
  | { type: 'login.submit'; login: string; password: string }
  | { type: 'register.submit'; phone: string }
  | { type: 'check.submit'; phone: string; code: string }
  | { type: 'code.resend'; phone: string }
  | { type: 'forgot.submit'; login: string }
  | { type: 'restore.submit'; password: string; confirm: string };

/** Tags: `busy` while a call runs (submit disabled: no double submit). */
export type AuthFlowTag = 'busy';

/** Catalogue codes that belong to one field of the Auth forms; any other code is shown for the whole form. */
const FIELD_OF_CODE: Readonly<Record<string, AuthField>> = {
  E003: 'code',
  E006: 'code',
  E141: 'code',
  E004: 'phone',
  E008: 'phone',
  E016: 'phone',
  E021: 'phone',
  E025: 'phone',
  E086: 'login',
};

/** The field a server error code belongs to (spec 8 codes of the Auth calls), `null` for a form-level error. */
export function fieldOfCode(code: string): AuthField | null {
  return FIELD_OF_CODE[code] ?? null;
}

/** An event that submits an Auth form. */
type AuthSubmitEvent = Exclude<AuthFlowEvent, { type: 'page.open' }>;

/** The form each submit event sends (its checks: `authFormError`, src/domain/auth-form.rules.ts). */
const FORM_OF_EVENT: Readonly<Record<AuthSubmitEvent['type'], AuthForm>> = {
  'login.submit': 'login',
  'register.submit': 'register',
  'check.submit': 'check',
  'code.resend': 'resend',
  'forgot.submit': 'forgot',
  'restore.submit': 'restore',
};

/**
 * The problems of a submitted Auth form (the domain rule `authFormErrors`): the first one, with the others in
 * `more` when there are several; null when the form may be sent.
 */
export function invalidFieldOf(event: AuthFlowEvent): AuthError | null {
  if (event.type === 'page.open') return null;
  const [first, ...more] = authFormErrors(FORM_OF_EVENT[event.type], event);
  if (first === undefined) return null;
  return more.length > 0 ? { ...first, more } : first;
}

const initialContext: AuthFlowContext = {
  phone: null,
  restoreToken: null,
  error: null,
  notice: null,
  user: null,
  resendWait: 0,
  linkWait: 0,
};

/**
 * The Auth pages as one flow (spec 2 `/{lang}/login | check | register | forgot | restore`): the router says which
 * page is shown (`page.open`); each page is a form that submits one call. Logging in or confirming the SMS code ends
 * the flow with the user the server returned (the session machine invokes this flow while signed out). Register
 * moves on to the SMS-code step; forgot ends in `sent`, restore in `restored` (the user then logs in).
 */
export const authFlowMachine = setup({
  types: {
    context: {} as AuthFlowContext,
    events: {} as AuthFlowEvent,
    meta: {} as StateMeta,
    tags: {} as AuthFlowTag,
    output: {} as User,
  },
  actors: {
    /** POST user/login (E012 wrong login/password, E023 blocked, E131, E132 use staff login). */
    logIn: unprovided<User, { login: string; password: string }>('logIn'),
    /** POST user/register: an SMS code is sent (E004 already registered, E008 wrong phone, E025 more than 5). */
    requestCode: unprovided<void, { phone: string }>('requestCode'),
    /** POST user/resend-code. */
    resendCode: unprovided<void, { phone: string }>('resendCode'),
    /** POST user/check: confirms the SMS code and opens the session (E003 wrong, E006 expired). */
    checkCode: unprovided<User, { phone: string; code: string }>('checkCode'),
    /** POST user/forgot: a recovery link is sent (E086 login does not exist, E138 asked too often: wait). */
    requestRestoreLink: unprovided<void, { login: string }>('requestRestoreLink'),
    /** POST user/restore/check: whether the link's `r` may still set a password (RL1); nothing is used up. */
    checkRestoreLink: unprovided<RestoreLinkState, { r: string }>('checkRestoreLink'),
    /** POST user/restore with the link's `r` (E024 temporary password expired). */
    restorePassword: unprovided<void, { r: string; password: string; confirm: string }>('restorePassword'),
  },
  guards: {
    /** the event opens `page` (used both to go there and, on that page, to ignore opening it again) */
    isPage: (_, params: { page: AuthPage; expected: AuthPage }) => params.page === params.expected,
    /** the submitted form has a blank required field or a malformed phone or code */
    hasInvalidField: ({ event }) => invalidFieldOf(event) !== null,
    /** the password and its confirmation differ (spec 5 'Пароли не совпадают') */
    isPasswordMismatch: (_, params: { password: string; confirm: string }) =>
      validatePasswordConfirmation(params.password, params.confirm) !== null,
    /** the restore page was opened without the link's `r` (E127 at once, RL1) */
    hasNoRestoreToken: ({ context }) => context.restoreToken === null || context.restoreToken === '',
    /** the recovery / activation link may still set a password (RL1) */
    isLinkUsable: (_, params: { link: RestoreLinkState }) => params.link === 'valid',
    /** a new SMS code may not be asked for yet (E138's countdown is running) */
    isResendWaiting: ({ context }) => context.resendWait > 0,
    /** a new recovery link may not be asked for yet (E138's countdown on the forgot page is running) */
    isLinkWaiting: ({ context }) => context.linkWait > 0,
  },
  actions: {
    clearMessages: assign({ error: null, notice: null }),
    assignToken: assign((_, params: { r: string | null | undefined }) => ({
      restoreToken: params.r ?? null,
    })),
    assignPhone: assign((_, params: { phone: string }) => ({ phone: params.phone.trim() })),
    assignInvalidField: assign(({ event }) => ({ error: invalidFieldOf(event), notice: null })),
    assignMismatch: assign({
      error: { code: 'validation.passwordMismatch', field: 'confirm' },
      notice: null,
    }),
    assignNoToken: assign({ error: { code: 'E127', field: null }, notice: null }),
    /** RL1: a used link reads 'already used', an expired one E024, an unknown one E127 */
    assignLinkRefused: assign((_, params: { link: RestoreLinkState }) => ({
      error: {
        code: params.link === 'used' ? LINK_USED_CODE : params.link === 'expired' ? 'E024' : 'E127',
        field: null,
      },
      notice: null,
    })),
    assignError: assign(({ context }, params: { error: unknown }) => {
      const code = errorCodeOf(params.error);
      // E138 (SMS limit) says how many seconds until a new code may be asked for: the check page counts them down
      // U23: E141 (the code's tries used up) waits the same way: no code is checked before then
      const resendWait =
        code === 'E138' || code === 'E141' ? (errorWaitOf(params.error) ?? 0) : context.resendWait;
      return { error: { code, field: fieldOfCode(code) }, notice: null, resendWait };
    }),
    tickResendWait: assign(({ context }) => ({ resendWait: Math.max(0, context.resendWait - 1) })),
    /** finding 24: the recovery link is limited like the SMS code; its wait is the forgot page's own */
    assignLinkError: assign(({ context }, params: { error: unknown }) => {
      const code = errorCodeOf(params.error);
      const linkWait = code === 'E138' ? (errorWaitOf(params.error) ?? 0) : context.linkWait;
      return { error: { code, field: fieldOfCode(code) }, notice: null, linkWait };
    }),
    tickLinkWait: assign(({ context }) => ({ linkWait: Math.max(0, context.linkWait - 1) })),
    assignCodeSent: assign({ notice: 'codeSent', error: null }),
    assignUser: assign((_, params: { user: User }) => ({ user: params.user, error: null })),
  },
}).createMachine({
  id: 'authFlow',
  description:
    'The Auth pages (login, check, register, forgot, restore): one form per page, errors kept as codes; ends with ' +
    'the user when a session opens.',
  context: initialContext,
  initial: 'login',
  output: ({ context }) => context.user as User,
  on: {
    'page.open': [
      {
        guard: { type: 'isPage', params: ({ event }) => ({ page: event.page, expected: 'login' }) },
        target: '.login',
        actions: 'clearMessages',
      },
      {
        guard: { type: 'isPage', params: ({ event }) => ({ page: event.page, expected: 'register' }) },
        target: '.register',
        actions: 'clearMessages',
      },
      {
        guard: { type: 'isPage', params: ({ event }) => ({ page: event.page, expected: 'check' }) },
        target: '.check',
        actions: 'clearMessages',
      },
      {
        guard: { type: 'isPage', params: ({ event }) => ({ page: event.page, expected: 'forgot' }) },
        target: '.forgot',
        actions: 'clearMessages',
      },
      {
        target: '.restore',
        actions: ['clearMessages', { type: 'assignToken', params: ({ event }) => ({ r: event.r }) }],
      },
    ],
  },
  states: {
    login: {
      description: 'The login form (login, password); a link to the single sign-on for staff.',
      meta: { view: 'login form', testId: 'auth-login' },
      initial: 'editing',
      on: {
        'page.open': {
          guard: { type: 'isPage', params: ({ event }) => ({ page: event.page, expected: 'login' }) },
        },
      },
      states: {
        editing: {
          description: 'The user types login and password; the last error (E012, E023, E131, E132) is shown.',
          meta: { view: 'login form, submit enabled, last error if any', testId: 'auth-login' },
          on: {
            'login.submit': [
              {
                guard: 'hasInvalidField',
                actions: 'assignInvalidField',
              },
              { target: 'submitting', actions: 'clearMessages' },
            ],
          },
        },
        submitting: {
          description: 'POST user/login runs.',
          meta: { view: 'login form, submit disabled (pending)', testId: 'auth-login' },
          tags: ['busy'],
          invoke: {
            id: 'logIn',
            src: 'logIn',
            input: ({ event }) =>
              event.type === 'login.submit' ? signInBody(event) : { login: '', password: '' },
            onDone: {
              target: '#authFlow.signedIn',
              actions: { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
            },
            onError: {
              target: 'editing',
              actions: { type: 'assignError', params: errorParams },
            },
          },
        },
      },
    },
    register: {
      description: 'Registration by phone: the server sends an SMS code to it.',
      meta: { view: 'registration form (phone)', testId: 'auth-register' },
      initial: 'editing',
      on: {
        'page.open': {
          guard: { type: 'isPage', params: ({ event }) => ({ page: event.page, expected: 'register' }) },
        },
      },
      states: {
        editing: {
          description:
            'The user types the phone; the last error (E004, E008, E025) is shown at the phone field.',
          meta: { view: 'registration form, submit enabled', testId: 'auth-register' },
          on: {
            'register.submit': [
              {
                guard: 'hasInvalidField',
                actions: 'assignInvalidField',
              },
              {
                target: 'submitting',
                actions: [
                  'clearMessages',
                  { type: 'assignPhone', params: ({ event }) => ({ phone: event.phone }) },
                ],
              },
            ],
          },
        },
        submitting: {
          description: 'POST user/register runs.',
          meta: { view: 'registration form, submit disabled (pending)', testId: 'auth-register' },
          tags: ['busy'],
          invoke: {
            id: 'requestCode',
            src: 'requestCode',
            input: ({ context }) => ({ phone: context.phone ?? '' }),
            onDone: { target: '#authFlow.check', actions: 'assignCodeSent' },
            onError: {
              target: 'editing',
              actions: { type: 'assignError', params: errorParams },
            },
          },
        },
      },
    },
    check: {
      description:
        'The SMS-code step: the code sent to the phone (valid at most 10 minutes) opens the session.',
      meta: { view: 'SMS code form (phone, code, resend)', testId: 'auth-check' },
      initial: 'editing',
      on: {
        'page.open': {
          guard: { type: 'isPage', params: ({ event }) => ({ page: event.page, expected: 'check' }) },
        },
      },
      states: {
        editing: {
          description:
            'The user types the code; "code sent" or the last error (E003 wrong, E006 expired) is shown; after ' +
            'E138 the resend button waits out the countdown, one second at a time.',
          meta: { view: 'SMS code form, submit and resend enabled', testId: 'auth-check' },
          // E138: one second of the countdown until a new code may be asked for
          after: {
            1000: {
              guard: 'isResendWaiting',
              target: 'editing',
              reenter: true,
              actions: 'tickResendWait',
            },
          },
          on: {
            'check.submit': [
              {
                guard: 'hasInvalidField',
                actions: 'assignInvalidField',
              },
              {
                target: 'submitting',
                actions: [
                  'clearMessages',
                  { type: 'assignPhone', params: ({ event }) => ({ phone: event.phone }) },
                ],
              },
            ],
            'code.resend': [
              // the countdown is running: the button is disabled, a late click changes nothing
              { guard: 'isResendWaiting' },
              {
                guard: 'hasInvalidField',
                actions: 'assignInvalidField',
              },
              {
                target: 'resending',
                actions: [
                  'clearMessages',
                  { type: 'assignPhone', params: ({ event }) => ({ phone: event.phone }) },
                ],
              },
            ],
          },
        },
        submitting: {
          description: 'POST user/check runs.',
          meta: { view: 'SMS code form, buttons disabled (pending)', testId: 'auth-check' },
          tags: ['busy'],
          invoke: {
            id: 'checkCode',
            src: 'checkCode',
            input: ({ context, event }) => ({
              phone: context.phone ?? '',
              code: event.type === 'check.submit' ? event.code.trim() : '',
            }),
            onDone: {
              target: '#authFlow.signedIn',
              actions: { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
            },
            onError: {
              target: 'editing',
              actions: { type: 'assignError', params: errorParams },
            },
          },
        },
        resending: {
          description: 'POST user/resend-code runs.',
          meta: { view: 'SMS code form, buttons disabled (pending)', testId: 'auth-check' },
          tags: ['busy'],
          invoke: {
            id: 'resendCode',
            src: 'resendCode',
            input: ({ context }) => ({ phone: context.phone ?? '' }),
            onDone: { target: 'editing', actions: 'assignCodeSent' },
            onError: {
              target: 'editing',
              actions: { type: 'assignError', params: errorParams },
            },
          },
        },
      },
    },
    forgot: {
      description: 'Password recovery: a recovery link is sent for the login.',
      meta: { view: 'recovery form (login)', testId: 'auth-forgot' },
      initial: 'editing',
      on: {
        'page.open': {
          guard: { type: 'isPage', params: ({ event }) => ({ page: event.page, expected: 'forgot' }) },
        },
      },
      states: {
        editing: {
          description:
            'The user types the login; the last error (E086) is shown at the login field; after E138 the submit ' +
            'waits out the countdown, one second at a time.',
          meta: {
            view: 'recovery form, submit enabled (disabled during a countdown)',
            testId: 'auth-forgot',
          },
          // E138: one second of the countdown until a new link may be asked for
          after: {
            1000: {
              guard: 'isLinkWaiting',
              target: 'editing',
              reenter: true,
              actions: 'tickLinkWait',
            },
          },
          on: {
            'forgot.submit': [
              // the countdown is running: the button is disabled, a late submit changes nothing
              { guard: 'isLinkWaiting' },
              {
                guard: 'hasInvalidField',
                actions: 'assignInvalidField',
              },
              { target: 'submitting', actions: 'clearMessages' },
            ],
          },
        },
        submitting: {
          description: 'POST user/forgot runs.',
          meta: { view: 'recovery form, submit disabled (pending)', testId: 'auth-forgot' },
          tags: ['busy'],
          invoke: {
            id: 'requestRestoreLink',
            src: 'requestRestoreLink',
            input: ({ event }) => ({ login: event.type === 'forgot.submit' ? event.login.trim() : '' }),
            onDone: { target: 'sent' },
            onError: {
              target: 'editing',
              actions: { type: 'assignLinkError', params: errorParams },
            },
          },
        },
        sent: {
          description: 'The recovery link was sent (spec 8 "password-recovery link sent").',
          meta: {
            view: 'message: the recovery link was sent; a link back to login',
            testId: 'auth-forgot-sent',
          },
          on: {
            'forgot.submit': [
              {
                guard: 'hasInvalidField',
                target: 'editing',
                actions: 'assignInvalidField',
              },
              { target: 'submitting', actions: 'clearMessages' },
            ],
          },
        },
      },
    },
    restore: {
      description: 'A new password from the recovery link (the r query is kept).',
      meta: { view: 'new password form (password, confirmation)', testId: 'auth-restore' },
      initial: 'checking',
      on: {
        'page.open': {
          guard: { type: 'isPage', params: ({ event }) => ({ page: event.page, expected: 'restore' }) },
        },
      },
      states: {
        checking: {
          description:
            'The link is asked about before its form is used (RL1): a used, expired or unknown link says so at ' +
            'once instead of after the user typed a new password twice. Without r the page says E127 at once.',
          meta: {
            view: 'new password form, submit disabled while the link is checked',
            testId: 'auth-restore',
          },
          tags: ['busy'],
          always: { guard: 'hasNoRestoreToken', target: 'linkRefused', actions: 'assignNoToken' },
          invoke: {
            id: 'checkRestoreLink',
            src: 'checkRestoreLink',
            input: ({ context }) => ({ r: context.restoreToken ?? '' }),
            onDone: [
              {
                guard: { type: 'isLinkUsable', params: ({ event }) => ({ link: event.output }) },
                target: 'editing',
              },
              {
                target: 'linkRefused',
                actions: { type: 'assignLinkRefused', params: ({ event }) => ({ link: event.output }) },
              },
            ],
            // the check could not be made (network, contract): the form stays usable, its submit decides
            onError: {
              target: 'editing',
              actions: { type: 'assignError', params: errorParams },
            },
          },
        },
        linkRefused: {
          description:
            'The link was used already (an account activated, a password set), has expired, is unknown or missing: the page ' +
            'says which, with a link to ask for a new one and to the login form; no password form (RL1).',
          meta: {
            view: 'message: link used / expired / unknown; links to forgot and to login',
            testId: 'auth-link-refused',
          },
        },
        editing: {
          description:
            "The user types the new password twice; 'Пароли не совпадают' or the last error (E024, E127) is shown.",
          meta: { view: 'new password form, submit enabled', testId: 'auth-restore' },
          on: {
            'restore.submit': [
              {
                guard: 'hasInvalidField',
                actions: 'assignInvalidField',
              },
              {
                guard: {
                  type: 'isPasswordMismatch',
                  params: ({ event }) => ({ password: event.password, confirm: event.confirm }),
                },
                actions: 'assignMismatch',
              },
              { target: 'submitting', actions: 'clearMessages' },
            ],
          },
        },
        submitting: {
          description: 'POST user/restore runs.',
          meta: { view: 'new password form, submit disabled (pending)', testId: 'auth-restore' },
          tags: ['busy'],
          invoke: {
            id: 'restorePassword',
            src: 'restorePassword',
            input: ({ context, event }) =>
              event.type === 'restore.submit'
                ? { r: context.restoreToken ?? '', password: event.password, confirm: event.confirm }
                : { r: context.restoreToken ?? '', password: '', confirm: '' },
            onDone: { target: 'restored' },
            onError: {
              target: 'editing',
              actions: { type: 'assignError', params: errorParams },
            },
          },
        },
        restored: {
          description: 'The password was set; the user logs in with it.',
          meta: { view: 'message: password changed, log in; a link to login', testId: 'auth-restored' },
        },
      },
    },
    signedIn: {
      type: 'final',
      description: 'The server opened a session (login or SMS code): the flow ends with the user.',
      meta: { view: 'nothing: the session machine takes over (signed-in layout)' },
    },
  },
});

/** The Auth flow machine's type, for selectors, the session machine and tests. */
export type AuthFlowMachine = typeof authFlowMachine;
