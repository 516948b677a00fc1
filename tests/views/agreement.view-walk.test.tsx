// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type AnyMachineSnapshot, createActor, type EventObject } from 'xstate';
import { i18n } from '@/i18n/i18n';
import { formatErrorMessage } from '@/i18n/messages';
import {
  type AgreementEvent,
  agreementMachine,
  type AgreementContext as Ctx,
} from '@/machines/agreement.machine';
import { AgreementRegistrationPage } from '@/views/agreement/agreement-page.view';
import {
  agreementInput,
  agreementModelEntry,
  agreementPage,
  badTin,
  loginTakenOutcome,
  noSession,
  offline,
  registeredOutcome,
} from '../machines/agreement.payloads';
import { chartOracles } from '../machines/oracles';
import { createDeferredActors } from '../support/fake-actors';
import { buildModelGraph, generateModelPaths, type MachinePath } from '../support/paths';
import { TestProviders } from '../support/render-workflow';
import { neverSettlingActors } from '../support/replay';
import { settleInAct } from '../support/view-act';
import { performBy, type ViewDriver, type ViewStep, walkViewPath } from '../support/view-walk';

const t = i18n.getFixedT('ru');
const viewTexts = chartOracles.agreement?.viewTexts ?? {};

/** What the page must show in a state, beyond `data-state` and the meta test ids. */
function expectTexts(state: AnyMachineSnapshot, broken: boolean) {
  const ctx = state.context as Ctx;
  const done = state.matches({ registration: 'done' });
  expect(screen.queryByTestId('agreement-form') === null).toBe(done);
  if (!done) {
    const submit = screen.getByTestId('agreement-submit') as HTMLButtonElement;
    expect(broken ? false : submit.disabled).toBe(!state.matches({ registration: 'form' }));
    const contacts = screen.getByTestId('agreement-contacts');
    expect(contacts.querySelector('legend')?.textContent).toBe(t('agreement.sections.contactPersons'));
    // spec 1: contact-person access cancelled with 3 working days' written notice, stopped with 5 days' notice
    expect(screen.getByTestId('agreement-terms').textContent).toContain(
      'письменно уведомив оператора за 3 рабочих дня; оператор может прекратить доступ, уведомив клиента за 5 дней',
    );
    const editable = state.matches({ registration: 'form' });
    const login = screen.getByTestId('agreement-field-login') as HTMLInputElement;
    expect(login.value).toBe(ctx.form.login);
    // read-only while the login is checked, the contract registered or a failure shown (nothing typed is lost)
    expect(login.readOnly).toBe(!editable);
    const hintIds = (login.getAttribute('aria-describedby') ?? '').split(' ');
    expect(document.getElementById(hintIds[0] ?? '')?.textContent).toBe(t('agreement.hints.login'));
    for (let i = 0; i < ctx.form.contacts.length; i++) {
      expect((screen.getByTestId(`agreement-contact-${i}-access`) as HTMLInputElement).disabled).toBe(
        !editable,
      );
      expect((screen.getByTestId(`agreement-contact-${i}-access`) as HTMLInputElement).checked).toBe(
        ctx.form.contacts[i]?.access,
      );
      expect((screen.getByTestId(`agreement-contact-${i}-remove`) as HTMLButtonElement).disabled).toBe(
        !editable,
      );
    }
    expect(screen.getByTestId('agreement-contacts').querySelectorAll('li')).toHaveLength(
      ctx.form.contacts.length,
    );
    for (const [field, code] of Object.entries(ctx.errors))
      expect(screen.getByTestId(`agreement-error-${field}`).textContent).toBe(formatErrorMessage(t, code));
  }
  const invalid = state.matches({ registration: { form: 'invalid' } });
  expect(screen.queryByTestId('agreement-invalid')?.textContent ?? null).toBe(
    invalid ? (viewTexts['registration.form.invalid'] ?? '') : null,
  );
  expect(screen.queryByTestId('agreement-failed') !== null).toBe(state.matches({ registration: 'failed' }));
  if (done && ctx.agreement) {
    const panel = within(screen.getByTestId('agreement-done'));
    expect(panel.getByRole('heading', { level: 2 }).textContent).toBe(viewTexts['registration.done']);
    expect(screen.getByTestId('agreement-number').textContent).toContain(ctx.agreement.number);
    for (const d of ctx.agreement.documents)
      expect(
        panel.getByRole('button', { name: t('agreement.downloadNamed', { title: d.title }) }),
      ).toBeTruthy();
  }
  if (ctx.list && ctx.list.totalPages > 1)
    expect(screen.getByTestId('agreement-list-pagination').getAttribute('aria-label')).toBe(
      t('agreement.list.pages'),
    );
  if (ctx.list)
    for (const a of ctx.list.rows)
      expect(screen.getByTestId(`agreement-row-${a.id}`).textContent).toContain(a.number);
  expect(screen.getByTestId('agreement-list').getAttribute('aria-busy')).toBe(
    String(state.matches({ list: 'loading' })),
  );
  expect(screen.queryByTestId('agreement-list-error') !== null).toBe(state.matches({ list: 'failed' }));
  expect(screen.queryByTestId('agreement-download-error') !== null).toBe(
    state.matches({ download: 'failed' }),
  );
  const downloading = state.matches({ download: 'downloading' });
  for (const b of screen.queryAllByTestId(/^agreement-doc-/)) {
    expect((b as HTMLButtonElement).disabled).toBe(downloading);
    const mine = downloading && b.dataset.testid === `agreement-doc-${ctx.docId}`;
    expect(b.textContent).toBe(mine ? t('agreement.downloading') : t('agreement.download'));
  }
}

function mount(options: { broken?: boolean; timeout?: number } = {}): ViewDriver {
  const deferred = createDeferredActors(agreementMachine);
  const location = memoryLocation({ path: '/agreement-registration' });
  render(
    <I18nextProvider i18n={i18n}>
      <Router hook={location.hook}>
        <TestProviders fakes={{ agreement: agreementMachine.provide({ actors: deferred.actors }) }}>
          <AgreementRegistrationPage input={agreementInput} />
        </TestProviders>
      </Router>
    </I18nextProvider>,
  );
  const user = userEvent.setup();
  const perform = performBy(
    {
      'field.change': (event: EventObject) => {
        const e = event as Extract<AgreementEvent, { type: 'field.change' }>;
        const field = screen.getByTestId(`agreement-field-${e.field}`) as HTMLInputElement;
        // the field already holds the value (the walk's first edit is the form's own login): nothing to type, and the
        // view sends nothing
        if (field.value === e.value) return [];
        fireEvent.change(field, { target: { value: e.value } });
        return undefined;
      },
      'contact.add': () => {
        const add = screen.getByTestId('agreement-contact-add') as HTMLButtonElement;
        // at the most contacts the button is disabled: the user cannot add one, and the chart ignores the event
        if (add.disabled) return [];
        fireEvent.click(add);
        return undefined;
      },
      'contact.remove': (event: EventObject) =>
        user.click(
          screen.getByTestId(
            `agreement-contact-${(event as Extract<AgreementEvent, { type: 'contact.remove' }>).index}-remove`,
          ),
        ),
      'contact.change': async (event: EventObject) => {
        const e = event as Extract<AgreementEvent, { type: 'contact.change' }>;
        const box = screen.getByTestId(`agreement-contact-${e.index}-${e.field}`) as HTMLInputElement;
        // ticking a box that already says so changes nothing, as the chart's assignment of the same value
        if (box.checked !== e.value) await user.click(box);
      },
      'form.submit': () => user.click(screen.getByTestId('agreement-submit')),
      'form.retry': () => user.click(screen.getByTestId('agreement-failed-retry')),
      'form.edit': () => user.click(screen.getByTestId('agreement-back')),
      'form.new': () => user.click(screen.getByTestId('agreement-new')),
      'list.page': () => user.click(screen.getByTestId('agreement-list-next')),
      'list.retry': () => user.click(screen.getByTestId('agreement-list-error-retry')),
      'list.reload': () => user.click(screen.getByTestId('agreement-list-reload')),
      'document.download': (event: EventObject) =>
        user.click(
          screen.getAllByTestId(
            `agreement-doc-${(event as Extract<AgreementEvent, { type: 'document.download' }>).docId}`,
          )[0] as HTMLElement,
        ),
      'download.dismiss': () =>
        user.click(
          within(screen.getByTestId('agreement-download-error')).getByRole('button', {
            name: t('app.close'),
          }),
        ),
    },
    settleInAct(deferred),
  );
  return {
    perform,
    busy: [
      {
        // the login is checked or the agreement registered: nothing in the form can register again, retry, go back,
        // add or remove a contact, and no field sent can be changed; the form says it is busy
        tag: 'busy',
        controls: () => {
          const form = screen.getByTestId('agreement-form');
          return [...form.querySelectorAll('button, select')];
        },
        shown: () => {
          const form = screen.getByTestId('agreement-form');
          expect(form.getAttribute('aria-busy')).toBe('true');
          expect(screen.getByTestId('agreement-busy').textContent).toBe(t('agreement.busy'));
          for (const input of form.querySelectorAll('input'))
            expect(
              (input as HTMLInputElement).readOnly || (input as HTMLInputElement).disabled,
              `${(input as HTMLInputElement).name || input.dataset.testid} unchangeable`,
            ).toBe(true);
        },
      },
      {
        // a page of the agreements is read: no other page can be asked, nor the read retried; the list says it is
        // busy (Reload stays: the chart starts the read again from the first page, it replaces the one running)
        tag: 'listBusy',
        controls: () => [
          ...screen.queryAllByTestId('agreement-list-prev'),
          ...screen.queryAllByTestId('agreement-list-next'),
          ...within(screen.getByTestId('agreement-list')).queryAllByRole('button', { name: t('app.retry') }),
        ],
        shown: () => expect(screen.getByTestId('agreement-list').getAttribute('aria-busy')).toBe('true'),
      },
    ],
    expectState: (step: ViewStep) =>
      waitFor(
        () => {
          expect(screen.getByTestId('agreement-page').dataset.state).toBe(step.expected.dataState);
          for (const id of step.expected.testIds) expect(screen.getAllByTestId(id).length).toBeGreaterThan(0);
          expectTexts(step.state, options.broken === true);
        },
        { timeout: options.timeout ?? 1000 },
      ),
  };
}

/** A path of the real machine for a scripted sequence of events (snapshots from an actor with idle fakes). */
function scripted(events: readonly (EventObject & Record<string, unknown>)[]): MachinePath {
  const actor = createActor(agreementMachine.provide({ actors: neverSettlingActors(agreementMachine) }), {
    input: agreementInput,
  }).start();
  const first = actor.getSnapshot();
  const steps = [{ event: { type: 'xstate.init' }, state: first }];
  for (const event of events) {
    actor.send(event as AgreementEvent);
    steps.push({ event, state: actor.getSnapshot() });
  }
  actor.stop();
  return { state: steps.at(-1)?.state ?? first, steps, weight: steps.length } as MachinePath;
}

const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

/** The seller's registration end to end, with each message of spec 5 the form can show, and every failure. */
const scenarios: readonly MachinePath[] = [
  scripted([
    fail('fetchAgreements', offline),
    { type: 'list.retry' },
    done('fetchAgreements', agreementPage),
    { type: 'field.change', field: 'login', value: 'навои' },
    { type: 'field.change', field: 'tin', value: '105771234' },
    { type: 'field.change', field: 'mfo', value: '123' },
    { type: 'field.change', field: 'birthDate', value: '2010-01-01' },
    { type: 'field.change', field: 'passportIssuedDate', value: '2030-01-01' },
    { type: 'form.submit' },
    { type: 'field.change', field: 'login', value: 'curator' },
    { type: 'field.change', field: 'tin', value: '305771234' },
    { type: 'field.change', field: 'mfo', value: '00873' },
    { type: 'field.change', field: 'birthDate', value: '1985-05-15' },
    { type: 'field.change', field: 'passportIssuedDate', value: '2015-06-02' },
    { type: 'form.submit' },
    done('checkLogin', false),
    { type: 'field.change', field: 'login', value: 'navoiy.savdo' },
    { type: 'form.submit' },
    done('checkLogin', true),
    fail('registerAgreement', badTin),
    { type: 'form.retry' },
    done('checkLogin', true),
    done('registerAgreement', loginTakenOutcome),
    { type: 'form.submit' },
    done('checkLogin', true),
    done('registerAgreement', registeredOutcome),
    done('fetchAgreements', agreementPage),
    { type: 'document.download', docId: 11 },
    fail('downloadDocument', noSession),
    { type: 'download.dismiss' },
    { type: 'document.download', docId: 12 },
    done('downloadDocument'),
    { type: 'form.new' },
    { type: 'list.reload' },
    done('fetchAgreements', agreementPage),
  ]),
];

/** Whether a user can make the event happen in that state: a document's button is on screen (in the list or the
 *  result), a page button leads to that page. */
function performable(event: EventObject, before: AnyMachineSnapshot | undefined): boolean {
  const ctx = before?.context as Ctx | undefined;
  if (event.type === 'document.download') return (ctx?.list?.rows.length ?? 0) > 0 || ctx?.agreement != null;
  if (event.type === 'list.page') {
    const page = (event as Extract<AgreementEvent, { type: 'list.page' }>).page;
    return ctx?.list != null && page === ctx.list.page + 1 && page < ctx.list.totalPages;
  }
  return true;
}

const generated = generateModelPaths(buildModelGraph(agreementMachine, agreementModelEntry)).filter((p) =>
  p.steps.every((s, i) => i === 0 || performable(s.event, p.steps[i - 1]?.state)),
);
const paths: readonly MachinePath[] = [...scenarios, ...generated];

afterEach(cleanup);

describe('contract-registration view walk', () => {
  it('walks paths that together show every state of the chart', () => {
    const leaves = new Set(
      paths
        .flatMap((p) => p.steps.flatMap((s) => s.state.value && Object.entries(s.state.value)))
        .flatMap(([r, l]) =>
          typeof l === 'string'
            ? [`${r}.${l}`]
            : Object.entries(l as object).map(([a, b]) => `${r}.${a}.${b}`),
        ),
    );
    const all = [
      'registration.form.editing',
      'registration.form.invalid',
      'registration.validating',
      'registration.registering',
      'registration.failed',
      'registration.done',
      'list.loading',
      'list.ready',
      'list.failed',
      'download.idle',
      'download.downloading',
      'download.failed',
    ];
    expect(all.filter((l) => !leaves.has(l))).toEqual([]);
    expect(generated.length).toBeGreaterThan(3);
  });

  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i shows each state along %s',
    async (_, __, path) => {
      const steps = await walkViewPath(agreementMachine, path, mount());
      expect(steps).toBe(path.steps.length - 1);
    },
    30_000,
  );

  it('catches a register button that stays enabled while the login is checked', async () => {
    const toValidating = paths.find((p) =>
      p.steps.some((s) => s.state.matches({ registration: 'validating' })),
    );
    expect(toValidating).toBeDefined();
    if (!toValidating) return;
    await expect(
      walkViewPath(agreementMachine, toValidating, mount({ broken: true, timeout: 200 })),
    ).rejects.toThrow(/view did not show .*registration\.validating/);
  });
});
