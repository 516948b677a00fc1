import type { ChartOracle, Ctx, Ev } from '../../support/oracle';
import { apiCode, codeOf, done, eimzoKind, failed } from './oracle-helpers';

/**
 * Expected behaviour of the pre-registration: the onboarding requirements ("pre-order/create … signed with the chosen key through
 * E-IMZO: the server verifies …, matches the certificate's TIN …, refuses a replay"; E004, E026, E094), spec 7
 * pre-order/create, docs/security.md finding 3 (one-time challenge), decisions NC5-NC7. The chart signs exactly the
 * document the challenge step prepared (NC21: the application's text in the page's language, built with the
 * signing chunk; its words are tested in tests/domain/preregistration-signing.rules.test.ts).
 */
/** The module's failures as the chart keeps them (eimzo.* keys, like the signing chart). */
const moduleCode = (ev: Ev) =>
  ({ badPassword: 'eimzo.badPassword', cancelled: 'eimzo.cancelled', connection: 'eimzo.connection' })[
    eimzoKind(ev) as string
  ] ?? codeOf(ev);

const cancel = {
  from: '*',
  event: 'registration.cancel',
  to: 'cancelled',
  output: () => null,
  spec: 'NC5: the visitor may cancel at any time; the wizard stays on step two',
};

export const preRegistrationOracle: ChartOracle = {
  id: 'preRegistration',
  initial: { to: 'preparing' },
  // NC5: step two receives the application and the key chosen in step one; nothing is prepared, signed or created
  context: (input) => {
    const i = input as Ctx;
    return {
      application: i.application,
      key: i.key,
      data: null,
      pkcs7: null,
      created: null,
      errorCode: null,
    };
  },
  invokes: {
    // SEC3: POST online-sales/pre-order/signing-challenge {draft: the application}
    preparing: { fetchDraftChallenge: (c) => ({ application: c.application }) },
    // the module signs the one document with the key chosen in step one
    signing: { signWithKey: (c) => ({ key: c.key, data: c.data }) },
    // spec 7 POST pre-order/create: the application and its signature
    creating: { createPreorder: (c) => ({ application: c.application, pkcs7: c.pkcs7 }) },
  },
  rows: [
    { ...cancel, from: ['preparing', 'signing', 'signFailed', 'creating', 'failed', 'refused'] },
    {
      from: 'preparing',
      event: done('fetchDraftChallenge'),
      to: 'signing',
      ctx: (_, ev) => ({ data: ev.output.document }),
      spec: 'SEC3, NC21: the preregister document with the application text, on its hash, under the one-time challenge',
    },
    {
      from: 'preparing',
      event: failed('fetchDraftChallenge'),
      to: 'failed',
      ctx: (_, ev) => ({ errorCode: codeOf(ev) }),
      spec: 'spec 8: a failed call shows its error',
    },
    {
      from: 'signing',
      event: done('signWithKey'),
      to: 'creating',
      ctx: (_, ev) => ({ pkcs7: ev.output.pkcs7 }),
      spec: 'the onboarding requirements: the signed application is sent',
    },
    {
      from: 'signing',
      event: failed('signWithKey'),
      when: (_, ev) => eimzoKind(ev) === 'badPassword' || eimzoKind(ev) === 'cancelled',
      to: 'signFailed',
      ctx: (_, ev) => ({ errorCode: moduleCode(ev) }),
      spec: "spec 8 'Пароль неверный.' / password window closed: sign again",
    },
    {
      from: 'signing',
      event: failed('signWithKey'),
      to: 'failed',
      ctx: (_, ev) => ({ errorCode: moduleCode(ev) }),
      spec: 'spec 8 module errors',
    },
    {
      from: 'signFailed',
      event: 'registration.retry',
      to: 'signing',
      ctx: () => ({ errorCode: null }),
      spec: 'NC5',
    },
    {
      from: 'creating',
      event: done('createPreorder'),
      to: 'created',
      ctx: (_, ev) => ({ created: ev.output, errorCode: null }),
      output: (_: Ctx, ev: Ev) => ev.output,
      spec: "the onboarding requirements: 'Регистрация прошла успешно'",
    },
    {
      from: 'creating',
      event: failed('createPreorder'),
      when: (_, ev) => apiCode(ev) === 'E004' || apiCode(ev) === 'E026',
      to: 'refused',
      ctx: (_, ev) => ({ errorCode: apiCode(ev) }),
      spec: 'the onboarding requirements: E004 already registered, E026 TIN type: no retry',
    },
    {
      from: 'creating',
      event: failed('createPreorder'),
      to: 'failed',
      ctx: (_, ev) => ({ errorCode: codeOf(ev) }),
      spec: 'the onboarding requirements E094: the signature was refused; a retry signs again under a new challenge',
    },
    {
      from: 'failed',
      event: 'registration.retry',
      to: 'preparing',
      ctx: () => ({ errorCode: null, data: null, pkcs7: null }),
      spec: 'SEC3: a used challenge is never signed twice: start again',
    },
  ],
};
