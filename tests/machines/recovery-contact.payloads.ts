import type { AnyEventObject } from 'xstate';
import type {
  CompanyAccount,
  CompanyAccounts,
  RecoveryContactEvent,
  SaveContactResult,
} from '@/machines/recovery-contact.machine';
import type { SigningResult } from '@/machines/signing.machine';
import { ApiFailure } from '@/services/api/api-error';
import { payloadsFor } from '../support/model-universe';

/**
 * Realistic events and actor results of the key owner's recovery-contact page (docs/decisions.md PRC4-PRC8): the
 * company's accounts (the key owner, an active curator, a pending one without a contact), a choice of a listed and of
 * an unknown account (the guard's both outcomes), a typed contact that is valid (e-mail, phone with spaces) and ones
 * that are refused (no address, no phone, neither given), a signature and a cancelled signing, a saved change with and
 * without the activation link, a refusal (E005) and a network failure.
 */

export const keyOwnerAccount: CompanyAccount = {
  userId: '9',
  login: 'keyowner',
  fullName: 'Mirzayev Anvar',
  roles: ['R007'],
  status: 'active',
  email: 'keyowner@example.uz',
  phone: null,
};
export const curatorAccount: CompanyAccount = {
  userId: '412',
  login: 'b.usmonov',
  fullName: 'Usmonov Botir',
  roles: ['R004'],
  status: 'active',
  email: 'b.usmonov@navoiy.uz',
  phone: '998901234567',
};
export const pendingAccount: CompanyAccount = {
  userId: '415',
  login: 'new.curator',
  fullName: 'Yangi Kurator',
  roles: ['R004'],
  status: 'pending',
  email: null,
  phone: null,
};

export const navoiyAccounts: CompanyAccounts = {
  ban: '100672418',
  accounts: [curatorAccount, keyOwnerAccount, pendingAccount],
};

export const validEmail = { email: ' botir@navoiy.uz ', phone: '' };
export const validPhone = { email: '', phone: '90 123 45 00' };
export const badEmail = { email: 'botir@', phone: '' };
export const badPhone = { email: '', phone: '12-ab' };
export const nothingTyped = { email: '  ', phone: '' };
/** The phone as digits with the country code, no separators, spaces around. */
export const phoneDigitsOnly = { email: '', phone: ' 998901234500 ' };
/** U21: an address of exactly 200 characters (accepted) and of 201 (refused), spaces around. */
export const longestEmail = { email: ` ${'a'.repeat(190)}@navoiy.uz `, phone: '' };
export const overLongEmail = { email: `${'a'.repeat(191)}@navoiy.uz`, phone: '' };
/** Both an e-mail and a phone. */
export const bothTyped = { email: 'botir@navoiy.uz', phone: '+998 90 123 45 00' };

export const signed: SigningResult = {
  pkcs7b64WithTimestamp: 'MIIJtimestamped',
  keySerial: '7A3C0003',
  tin: '303318250',
};

export const savedActive: SaveContactResult = { activationSent: false };
export const savedPending: SaveContactResult = { activationSent: true };

export const refused = new ApiFailure({ kind: 'server', code: 'E005' });
export const offline = new ApiFailure({ kind: 'network' });

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });

export const recoveryContactPayloads = payloadsFor<RecoveryContactEvent>({
  'account.choose': [
    { type: 'account.choose', userId: curatorAccount.userId },
    { type: 'account.choose', userId: pendingAccount.userId },
    { type: 'account.choose', userId: '99999' },
  ],
  'form.submit': [
    { type: 'form.submit', values: validEmail },
    { type: 'form.submit', values: validPhone },
    { type: 'form.submit', values: badEmail },
    { type: 'form.submit', values: badPhone },
    { type: 'form.submit', values: nothingTyped },
    { type: 'form.submit', values: phoneDigitsOnly },
    { type: 'form.submit', values: bothTyped },
    { type: 'form.submit', values: longestEmail },
    { type: 'form.submit', values: overLongEmail },
  ],
  'xstate.done.actor.fetchAccounts': [done('fetchAccounts', navoiyAccounts)],
  'xstate.error.actor.fetchAccounts': [fail('fetchAccounts', refused), fail('fetchAccounts', offline)],
  'xstate.done.actor.signing': [done('signing', signed), done('signing', null)],
  'xstate.error.actor.signing': [fail('signing', new Error('signing chart crashed'))],
  'xstate.done.actor.saveContact': [done('saveContact', savedActive), done('saveContact', savedPending)],
  'xstate.error.actor.saveContact': [fail('saveContact', refused), fail('saveContact', offline)],
});

export const recoveryContactModelEntry = {
  id: 'recoveryContact',
  payloads: recoveryContactPayloads,
} as const;
