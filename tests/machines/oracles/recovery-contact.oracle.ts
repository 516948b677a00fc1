import type { ChartOracle, Ctx } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of the key owner's recovery-contact page, written from spec 5 ("Only employees may change proxy;
 * employee data changes forbidden (E135, E136)"), spec 6 ("Key owner (R007): documents, services, settings"), spec 4
 * ("Signing flow": a signature, verified on the server, then the call), spec 8 (a failed call shows its error) and
 * decisions PRC4 (the key owner changes a company account's contact), PRC5 (the signature names exactly the account
 * and the new contact, once) and PRC6 (the page: list, choose, type, sign, saved), not from the chart.
 */

const EMAIL = /^[A-Za-z0-9_'+.-]+@([A-Za-z0-9-]+\.)+[A-Za-z]{2,}$/;

/** PRC6 / spec 5: the typed contact's first problem, restated — no address, no phone, or neither given. */
function problem(v: Ctx): { code: string; field: string } | null {
  const email = String(v.email).trim();
  const phone = String(v.phone);
  const digits = phone.replace(/\D/g, '');
  if (email !== '' && (email.length > 200 || !EMAIL.test(email)))
    return { code: 'validation.email', field: 'email' };
  if (phone.trim() !== '' && (digits.length < 9 || digits.length > 12 || /[^\d\s+()-]/.test(phone)))
    return { code: 'validation.phone', field: 'phone' };
  if (email === '' && phone.trim() === '') return { code: 'validation.fillRequired', field: 'email' };
  return null;
}

/** PRC5: what is signed and sent — the e-mail trimmed, the phone as digits with 998, null for none. */
function normalized(v: Ctx): { email: string | null; phone: string | null } {
  const email = String(v.email).trim();
  const digits = String(v.phone).replace(/\D/g, '');
  return {
    email: email === '' ? null : email,
    phone: digits === '' ? null : digits.length === 9 ? `998${digits}` : digits,
  };
}

const EMPTY = {
  ban: null,
  accounts: [],
  selected: null,
  contact: null,
  fieldError: null,
  cancelled: false,
  errorCode: null,
  activationSent: false,
};

export const recoveryContactOracle: ChartOracle = {
  id: 'recoveryContact',
  initial: { to: 'loading' },
  context: () => EMPTY,
  invokes: {
    // PRC6: the company's accounts (GET user/company-accounts; the company is the caller's own)
    loading: { fetchAccounts: () => undefined },
    // PRC5: the contact-change document names the company, the account (id and login) and exactly the new contact;
    // the page is never open to staff viewing a company, so it is never signed as impersonation
    signing: {
      signing: (c) => ({
        action: 'contact-change',
        targets: {
          kind: 'contact',
          ban: c.ban,
          userId: c.selected.userId,
          login: c.selected.login,
          email: c.contact.email,
          phone: c.contact.phone,
        },
        impersonating: false,
      }),
    },
    // PRC5: the call carries the very contact that was signed
    saving: {
      saveContact: (c) => ({ userId: c.selected.userId, email: c.contact.email, phone: c.contact.phone }),
    },
  },
  rows: [
    {
      from: 'loading',
      event: done('fetchAccounts'),
      to: 'choosing',
      ctx: (_, ev) => ({ ban: ev.output.ban, accounts: ev.output.accounts, errorCode: null }),
      spec: "PRC6: the company's client accounts with the contact each recovery link goes to",
    },
    {
      from: 'loading',
      event: failed('fetchAccounts'),
      to: 'loadFailed',
      ctx: (_, ev) => ({ errorCode: codeOf(ev) }),
      spec: 'spec 8: a failed call shows its error (E005 for whom the page is not open); retry',
    },
    { from: 'loadFailed', event: 'load.retry', to: 'loading', spec: 'spec 8: Retry asks again' },
    {
      from: 'choosing',
      event: 'account.choose',
      when: (c, ev) => c.accounts.some((a: Ctx) => a.userId === ev.userId),
      to: 'editing',
      ctx: (c, ev) => ({
        selected: c.accounts.find((a: Ctx) => a.userId === ev.userId),
        contact: null,
        fieldError: null,
        cancelled: false,
      }),
      spec: "PRC6: the key owner chooses one of the company's accounts",
    },
    {
      from: ['editing', 'invalid'],
      event: 'form.submit',
      when: (_, ev) => problem(ev.values) !== null,
      to: 'invalid',
      ctx: (_, ev) => ({ fieldError: problem(ev.values), cancelled: false }),
      spec: "spec 5 generic field rules: 'Введите корректный адрес…', a phone, 'Сначала заполните все необходимые поля.'",
    },
    {
      from: ['editing', 'invalid'],
      event: 'form.submit',
      to: 'signing',
      ctx: (_, ev) => ({
        contact: normalized(ev.values),
        fieldError: null,
        cancelled: false,
        errorCode: null,
      }),
      spec: 'spec 4 Signing flow: the change is signed before anything is sent (PRC5)',
    },
    {
      from: ['editing', 'invalid'],
      event: 'form.cancel',
      to: 'choosing',
      ctx: () => ({ selected: null, contact: null, fieldError: null, cancelled: false }),
      spec: 'PRC6: back to the list, nothing changed',
    },
    {
      from: 'signing',
      event: done('signing'),
      when: (_, ev) =>
        typeof ev.output?.pkcs7b64WithTimestamp === 'string' && ev.output.pkcs7b64WithTimestamp !== '',
      to: 'saving',
      spec: 'spec 4 Signing flow 6-7: verified on the server, then the call',
    },
    {
      from: 'signing',
      event: done('signing'),
      to: 'editing',
      ctx: () => ({ cancelled: true }),
      spec: "spec 4 'Отменено / Вы отменили действие': a cancelled signing changes nothing; back to the form",
    },
    {
      from: 'signing',
      event: failed('signing'),
      to: 'saveFailed',
      ctx: () => ({ errorCode: 'eimzo.generic' }),
      spec: "spec 8 'Ошибка EImzo'",
    },
    {
      from: 'saving',
      event: done('saveContact'),
      to: 'done',
      ctx: (_, ev) => ({ activationSent: ev.output.activationSent, errorCode: null }),
      spec: 'PRC6: the new contact is set; a pending account got its activation link there (PRC7)',
    },
    {
      from: 'saving',
      event: failed('saveContact'),
      to: 'saveFailed',
      ctx: (_, ev) => ({ errorCode: codeOf(ev) }),
      spec: 'spec 8: the refusal (E005 without a fitting signature, E013) is shown',
    },
    {
      from: 'saveFailed',
      event: 'form.back',
      to: 'editing',
      ctx: () => ({ errorCode: null }),
      spec: 'PRC5: a signature is used once; back to the form to sign again',
    },
    {
      from: 'done',
      event: 'done.close',
      to: 'loading',
      ctx: () => EMPTY,
      spec: 'PRC6: the list is loaded again, with the new contact',
    },
  ],
};
