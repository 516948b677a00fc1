import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type AgreementForm, EMPTY_AGREEMENT_FORM } from '@/domain/agreement.rules';
import { agreementMachine, type RegisterOutcome } from '@/machines/agreement.machine';
import {
  canRetry,
  connectAgreementForm,
  connectAgreementList,
  connectAgreementPage,
  connectContactPersons,
  selectAgreementErrors,
  selectAgreementFailure,
  selectAgreementForm,
  selectAgreementList,
  selectAgreementState,
  selectDownloadError,
  selectFormMessage,
  selectRegistered,
} from '@/machines/agreement.selectors';
import { snapshotAt } from '../support/connect-table';
import { lintMachine } from '../support/model-universe';
import {
  agreementInput,
  agreementPage,
  badTin,
  loginTakenOutcome,
  noSession,
  registered,
  registeredOutcome,
  TODAY,
  validForm,
} from './agreement.payloads';

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function answering(
  opts: { free?: boolean[]; register?: (RegisterOutcome | Error)[]; failDownload?: unknown } = {},
) {
  const calls = {
    check: [] as string[],
    register: [] as AgreementForm[],
    list: [] as number[],
    download: [] as number[],
  };
  const free = [...(opts.free ?? [true])];
  const outcomes = [...(opts.register ?? [registeredOutcome])];
  const machine = agreementMachine.provide({
    actors: {
      checkLogin: fromPromise(async ({ input }: { input: { login: string } }) => {
        calls.check.push(input.login);
        return free.shift() ?? true;
      }),
      registerAgreement: fromPromise(async ({ input }: { input: { form: AgreementForm } }) => {
        calls.register.push(input.form);
        const next = outcomes.shift() ?? registeredOutcome;
        if (next instanceof Error) throw next;
        return next;
      }),
      fetchAgreements: fromPromise(async ({ input }: { input: { page: number } }) => {
        calls.list.push(input.page);
        return agreementPage;
      }),
      downloadDocument: fromPromise(async ({ input }: { input: { docId: number } }) => {
        calls.download.push(input.docId);
        if (opts.failDownload) throw opts.failDownload;
      }),
    },
  });
  return { actor: createActor(machine, { input: agreementInput }), calls };
}

describe('contract-registration machine', () => {
  it('follows the conventions the harness relies on', () => {
    expect(lintMachine(agreementMachine)).toEqual([]);
  });

  it('shows every message of an invalid form and keeps what was typed; a changed field drops its message', async () => {
    const { actor, calls } = answering();
    actor.start();
    actor.send({ type: 'field.change', field: 'login', value: 'навои' });
    actor.send({ type: 'field.change', field: 'tin', value: '105771234' });
    actor.send({ type: 'field.change', field: 'birthDate', value: '2010-03-01' });
    actor.send({ type: 'form.submit' });
    const s = actor.getSnapshot();
    expect(selectAgreementState(s)).toContain('registration.form.invalid');
    expect(selectFormMessage(s)).toBe('validation.fieldsCorrect');
    expect(selectAgreementErrors(s)).toEqual({
      login: 'validation.latinOnly',
      tin: 'E026',
      birthDate: 'validation.adult',
    });
    actor.send({ type: 'field.change', field: 'tin', value: validForm.tin });
    expect(selectAgreementErrors(actor.getSnapshot())).toEqual({
      login: 'validation.latinOnly',
      birthDate: 'validation.adult',
    });
    expect(selectAgreementForm(actor.getSnapshot()).login).toBe('навои');
    expect(calls.check).toEqual([]);
  });

  it('a taken login comes back to the form with its message; a free one registers and reloads the list', async () => {
    const { actor, calls } = answering({ free: [false, true] });
    actor.start();
    await flush();
    actor.send({ type: 'form.submit' });
    await flush();
    expect(selectAgreementErrors(actor.getSnapshot())).toEqual({ login: 'validation.loginTaken' });
    actor.send({ type: 'field.change', field: 'login', value: 'navoiy.savdo2' });
    actor.send({ type: 'form.submit' });
    await flush();
    expect(selectRegistered(actor.getSnapshot())).toEqual(registered);
    expect(calls.check).toEqual([validForm.login, 'navoiy.savdo2']);
    expect(calls.register.map((f) => f.login)).toEqual(['navoiy.savdo2']);
    // the first page is loaded at start and again after the registration
    expect(calls.list).toEqual([0, 0]);
    expect(selectAgreementList(actor.getSnapshot())?.rows).toEqual([registered]);
  });

  it('a login taken since the check, and a refused registration, keep the form; retry registers', async () => {
    const { actor, calls } = answering({ register: [loginTakenOutcome, badTin, registeredOutcome] });
    actor.start();
    actor.send({ type: 'form.submit' });
    await flush();
    expect(selectAgreementErrors(actor.getSnapshot())).toEqual({ login: 'validation.loginTaken' });
    actor.send({ type: 'form.submit' });
    await flush();
    expect(selectAgreementFailure(actor.getSnapshot())).toBe('E026');
    actor.send({ type: 'form.edit' });
    expect(selectAgreementForm(actor.getSnapshot())).toEqual(validForm);
    actor.send({ type: 'form.submit' });
    await flush();
    expect(selectRegistered(actor.getSnapshot())?.number).toBe(registered.number);
    expect(calls.register).toHaveLength(3);
    actor.send({ type: 'form.new' });
    expect(selectAgreementForm(actor.getSnapshot())).toEqual(EMPTY_AGREEMENT_FORM);
    expect(selectAgreementState(actor.getSnapshot())).toContain('registration.form.editing');
  });

  it('adds at most five contact persons, removes and ticks access', () => {
    const { actor } = answering();
    actor.start();
    actor.send({ type: 'contact.add' });
    actor.send({ type: 'contact.add' });
    expect(selectAgreementForm(actor.getSnapshot()).contacts).toHaveLength(5);
    actor.send({ type: 'contact.remove', index: 0 });
    actor.send({ type: 'contact.change', index: 0, field: 'access', value: true });
    const contacts = selectAgreementForm(actor.getSnapshot()).contacts;
    expect(contacts.map((c) => [c.fullName, c.access])).toEqual([
      ['Olimova Zarina', true],
      ['Qodirov Jasur', false],
      ['Ergasheva Malika', false],
      ['', false],
    ]);
  });

  it('downloads one document at a time; E009 is kept as a code without a retry', async () => {
    const { actor, calls } = answering({ failDownload: noSession });
    actor.start();
    actor.send({ type: 'document.download', docId: 11 });
    actor.send({ type: 'document.download', docId: 12 });
    await flush();
    expect(calls.download).toEqual([11]);
    expect(selectDownloadError(actor.getSnapshot())).toBe('E009');
    expect(canRetry('E009')).toBe(false);
    actor.send({ type: 'download.dismiss' });
    expect(selectAgreementState(actor.getSnapshot())).toContain('download.idle');
  });

  it('counts the adult rule from the given day', () => {
    const { actor } = answering();
    actor.start();
    expect(agreementInput.today).toBe(TODAY);
    actor.send({ type: 'field.change', field: 'birthDate', value: '2008-01-15' });
    actor.send({ type: 'field.change', field: 'passportIssuedDate', value: '2024-01-01' });
    actor.send({ type: 'form.submit' });
    expect(selectAgreementState(actor.getSnapshot())).toContain('registration.validating');
  });
});

describe('agreement connect', () => {
  type Registration = 'editing' | 'invalid' | 'validating' | 'registering' | 'failed' | 'done';
  const at = (
    registration: Registration,
    list: 'loading' | 'ready' | 'failed' = 'ready',
    context: Parameters<typeof snapshotAt<typeof agreementMachine>>[2] = {},
  ) =>
    snapshotAt(
      agreementMachine,
      {
        registration:
          registration === 'editing' || registration === 'invalid' ? { form: registration } : registration,
        list,
        download: 'idle',
      },
      context,
      agreementInput,
    );
  const listPage = { ...agreementPage, page: 0 };
  const wrong = { login: 'validation.latinOnly' } as const;

  it.each([
    [
      'the form',
      at('editing'),
      { state: 'registration.form.editing list.ready download.idle', registered: null },
    ],
    [
      'registering',
      at('registering', 'loading'),
      { state: 'registration.registering list.loading download.idle' },
    ],
    [
      'the result',
      at('done', 'ready', { agreement: registered }),
      { state: 'registration.done list.ready download.idle', registered },
    ],
  ] as const)('page: %s', (_, snapshot, expected) => {
    expect(connectAgreementPage(snapshot)).toMatchObject(expected);
  });

  it.each([
    [
      'editing the model form',
      at('editing'),
      {
        form: validForm,
        errors: {},
        message: null,
        editable: true,
        busy: false,
        failure: null,
        retry: false,
      },
    ],
    [
      'an invalid form says so',
      at('invalid', 'ready', { errors: wrong }),
      { errors: wrong, message: 'validation.fieldsCorrect', editable: true, busy: false },
    ],
    ['checking the login is busy', at('validating'), { editable: false, busy: true, failure: null }],
    [
      'a refused registration may be retried',
      at('failed', 'ready', { error: 'E026' }),
      { editable: false, busy: false, failure: 'E026', retry: true },
    ],
    ['E009 offers no retry', at('failed', 'ready', { error: 'E009' }), { failure: 'E009', retry: false }],
  ] as const)('form: %s', (_, snapshot, expected) => {
    expect(connectAgreementForm(snapshot)).toMatchObject(expected);
  });

  it.each([
    ['the model form', at('editing'), { form: validForm, errors: {} }],
    [
      'a contact person wrong',
      at('invalid', 'ready', { errors: { 'contacts.1.phone': 'validation.phone' } }),
      { errors: { 'contacts.1.phone': 'validation.phone' } },
    ],
    [
      'the empty form',
      at('editing', 'ready', { form: EMPTY_AGREEMENT_FORM }),
      { form: EMPTY_AGREEMENT_FORM, errors: {} },
    ],
  ] as const)('contacts: %s', (_, snapshot, expected) => {
    expect(connectContactPersons(snapshot)).toMatchObject(expected);
  });

  it.each([
    ['loading, nothing yet', at('editing', 'loading'), { list: null, busy: true, error: null, retry: false }],
    ['a page', at('editing', 'ready', { list: listPage }), { list: listPage, busy: false, error: null }],
    [
      'a failed list may be retried',
      at('editing', 'failed', { list: listPage, listError: 'network' }),
      { list: listPage, busy: false, error: 'network', retry: true },
    ],
    ['E009 offers no retry', at('editing', 'failed', { listError: 'E009' }), { error: 'E009', retry: false }],
  ] as const)('list: %s', (_, snapshot, expected) => {
    expect(connectAgreementList(snapshot)).toMatchObject(expected);
  });
});
