// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type AnyMachineSnapshot, createActor, type EventObject } from 'xstate';
import { createAt39Logic } from '@/app/at39.actors';
import { formatPhone } from '@/domain/phone.rules';
import { i18n } from '@/i18n/i18n';
import {
  type At39RegistrationEvent,
  at39RegistrationMachine,
  type At39RegistrationContext as Ctx,
} from '@/machines/at39-registration.machine';
import { ApiFailure } from '@/services/api/api-error';
import { At39RegistrationPage } from '@/views/at39/at39-registration.view';
import {
  AUTH_CODE,
  at39RegistrationModelEntry,
  BAN,
  card,
  docsComplete,
  docsMissing,
  epdp,
  MARKED_CODE,
  passportOk,
  TOKEN,
  tariffs,
  workplace,
} from '../machines/at39.payloads';
import { createDeferredActors } from '../support/fake-actors';
import { buildModelGraph, generateModelPaths, type MachinePath } from '../support/paths';
import { onScreen } from '../support/phone-text';
import { type TestLogic, TestProviders } from '../support/render-workflow';
import { neverSettlingActors } from '../support/replay';
import { settleInAct } from '../support/view-act';
import { performBy, type ViewDriver, type ViewStep, walkViewPath } from '../support/view-walk';

const t = i18n.getFixedT('ru');
type Ev<T extends At39RegistrationEvent['type']> = Extract<At39RegistrationEvent, { type: T }>;

/** What the page must show in a state, beyond `data-state` and the meta test ids. */
function expectTexts(state: AnyMachineSnapshot) {
  const ctx = state.context as Ctx;
  const page = screen.getByTestId('at39-new-page');
  if (ctx.registrationId)
    expect(page.textContent).toContain(t('at39.registrationN', { id: ctx.registrationId }));
  const error = screen.queryByTestId('at39-error');
  const shownCode = error?.getAttribute('data-code') ?? null;
  // an error the state keeps is said (and only then); each passport refusal has its own text
  if (['resumeFailed', 'createFailed'].some((s) => state.matches(s))) expect(shownCode).toBe(ctx.error);
  for (const o of ['notFound', 'refused', 'expired', 'reused'] as const)
    if (state.matches({ passport: o })) expect(page.textContent).toContain(t(`at39.outcome.${o}`));
  // a wrong one-time code is said at the code field, which keeps what was typed for retyping (AT10)
  if (state.matches({ passport: 'awaiting' })) {
    const input = screen.getByLabelText(t('at39.authCode')) as HTMLInputElement;
    expect(shownCode).toBe(ctx.error);
    expect(input.getAttribute('aria-invalid')).toBe(ctx.error ? 'true' : null);
    if (ctx.error === 'E013') {
      expect(error?.textContent).toBe(t('at39.wrongAuthCode'));
      expect(input.getAttribute('aria-describedby')).toContain(error?.id);
      expect(input.value).toBe(ctx.authCode);
      expect(input.disabled).toBe(false);
    }
  }
  if (state.matches({ kit: 'entering' }) || state.matches({ account: 'banEntering' }))
    expect(shownCode).toBe(ctx.error);
  // a submit whose reservation ran out comes back here and says so (PRI2)
  if (state.matches({ account: 'banEntering' }) && ctx.error === 'reservation.expired')
    expect(error?.textContent).toBe(t('at39.reservationExpired', { minutes: 30 }));
  // the person's data is the passport service's: said on the check and on the address form (PRI7)
  if (state.matches({ passport: 'review' }))
    expect(screen.getByTestId('at39-person-readonly').textContent).toBe(t('at39.personReadOnly'));
  if (state.matches({ review: 'editing' })) {
    for (const [field, label] of [
      ['city', 'at39.address.city'],
      ['apartmentNumber', 'at39.address.apartment'],
    ] as const) {
      const input = screen.getByLabelText(t(label)) as HTMLInputElement;
      expect([field, input.readOnly]).toEqual([field, !ctx.editable.includes(field)]);
    }
    expect(screen.queryByLabelText(t('at39.fio.surname'))).toBeNull();
  }
  // filling in the address is offered only when the service left some of it empty
  if (state.matches({ review: 'ready' }))
    expect(screen.queryByTestId('at39-edit-person') !== null).toBe(ctx.editable.length > 0);
  if (state.matches({ account: 'choosing' })) {
    expect(shownCode).toBe(ctx.error);
    if (ctx.error === 'E013') expect(error?.textContent).toBe(t('at39.numberTaken'));
  }
  const summary =
    ['ready', 'submitting'].some((r) => state.matches({ review: r })) ||
    state.matches('done') ||
    state.matches('readOnly');
  if (ctx.person && (state.matches({ passport: 'review' }) || summary))
    expect(screen.getAllByTestId('at39-person-data')[0]?.textContent).toContain(ctx.person.fio.surname);
  if (state.matches({ review: 'ready' }) && ctx.phoneNumber)
    expect(screen.getByTestId('at39-review-number').textContent).toBe(onScreen(formatPhone(ctx.phoneNumber)));
  if (state.matches('done')) expect(page.textContent).toContain(t('at39.success'));
  const busy = state.hasTag('busy');
  for (const id of [
    'at39-submit-button',
    'at39-docs-continue',
    'at39-reserve-button',
    'at39-person-confirm',
  ]) {
    const b = screen.queryByTestId(id) as HTMLButtonElement | null;
    if (b) expect(b.disabled).toBe(busy);
  }
}

function mount(extra: Partial<TestLogic> = {}): ViewDriver {
  const deferred = createDeferredActors(at39RegistrationMachine);
  const location = memoryLocation({ path: '/at39-registration/new', record: true });
  let mounted = false;
  const user = userEvent.setup();
  const typeInto = async (label: string, value: string) => {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
    await user.keyboard('{Enter}');
  };
  const click = (testId: string) => user.click(screen.getByTestId(testId));
  const button = (name: string, inside?: string) =>
    user.click((inside ? within(screen.getByTestId(inside)) : screen).getByRole('button', { name }));
  const perform = performBy(
    {
      // a fact from the router: the page opens on `/new` or on `?id=` (from the list, or a reload)
      'route.entered': (event: EventObject) => {
        const id = (event as Ev<'route.entered'>).registrationId;
        // an empty `?id=` is an address without a registration: the page sends none for it
        if (id !== null) act(() => location.navigate(`/at39-registration/new?id=${id}`));
        render(
          <I18nextProvider i18n={i18n}>
            <Router hook={location.hook}>
              <TestProviders
                fakes={{
                  at39Registration: at39RegistrationMachine.provide({ actors: deferred.actors }),
                  ...extra,
                }}
              >
                <At39RegistrationPage />
              </TestProviders>
            </Router>
          </I18nextProvider>,
        );
        mounted = true;
        return id === '' ? [{ type: 'route.entered', registrationId: null }] : undefined;
      },
      'token.submit': (e: EventObject) => typeInto(t('at39.tokenLabel'), (e as Ev<'token.submit'>).token),
      'passport.retry': () => button(t('app.retry'), 'at39-passport-error'),
      'passport.restart': () => button(t('at39.passportRestart')),
      'code.submit': (e: EventObject) => typeInto(t('at39.authCode'), (e as Ev<'code.submit'>).code),
      'person.confirm': () => click('at39-person-confirm'),
      'create.retry': () => button(t('app.retry'), 'at39-create-error'),
      'workplace.change': () => button(t('at39.changeToken'), 'at39-create-error'),
      'kit.submit': (e: EventObject) => typeInto(t('at39.markedCode'), (e as Ev<'kit.submit'>).markedCode),
      'ban.submit': (e: EventObject) => typeInto(t('at39.ban'), (e as Ev<'ban.submit'>).ban),
      'ban.change': () => button(t('at39.banChange')),
      'plans.retry': () => button(t('app.retry'), 'at39-plans-error'),
      'number.reserve': async (e: EventObject) => {
        const ev = e as Ev<'number.reserve'>;
        const plan = (screen.getAllByRole('radio') as HTMLInputElement[]).find(
          (r) => r.value === String(ev.pricePlanId),
        );
        if (plan) await user.click(plan);
        const phone = screen.getByLabelText(t('at39.phoneNumber'));
        await user.clear(phone);
        await user.type(phone, ev.phoneNumber);
        await click('at39-reserve-button');
      },
      'docs.retry': () => button(t('app.retry'), 'at39-docs-error'),
      'documents.continue': () => click('at39-docs-continue'),
      'documents.back': () => button(t('at39.backToDocuments')),
      'person.edit': () => button(t('at39.editPerson')),
      'person.save': async (e: EventObject) => {
        const { edit } = e as Ev<'person.save'>;
        const set = async (label: string, value: string) => {
          const input = screen.getByLabelText(label);
          await user.clear(input);
          if (value) await user.type(input, value);
        };
        // only the fields the passport service left empty are typed in; the others are read-only (PRI7)
        await set(t('at39.address.apartment'), edit.address.apartmentNumber);
        await button(t('app.save'), 'at39-edit');
      },
      'edit.cancel': () => button(t('app.cancel'), 'at39-edit'),
      'registration.submit': () => click('at39-submit-button'),
      'resume.retry': () => button(t('app.retry'), 'at39-resume-error'),
    },
    settleInAct(deferred),
  );
  return {
    perform,
    busy: [
      {
        // a step's call runs (the token, the passport, the registration created, the kit, the BAN, the plans, the
        // reservation, the documents, the person saved, the submit): no button of the step can send it again or
        // leave it for another (Change BAN, Edit, Back, Cancel, Retry); the step says it is busy. The upload
        // widgets of the documents run their own chart and have their own rules (the upload walk).
        tag: 'busy',
        controls: () =>
          [...document.querySelectorAll('.at39__card button')].filter(
            (b) => !b.closest('[data-testid^="at39-upload-"]'),
          ),
        shown: () =>
          expect(
            document.querySelector('.at39__card [aria-busy="true"]'),
            'a busy mark in the step',
          ).not.toBeNull(),
      },
    ],
    expectState: (step: ViewStep) => {
      // before the router has entered, nothing is mounted yet (the chart waits in `opening`)
      if (!mounted) return;
      return waitFor(() => {
        expect(screen.getByTestId('at39-new-page').dataset.state).toBe(step.expected.dataState);
        for (const id of step.expected.testIds) expect(screen.getAllByTestId(id).length).toBeGreaterThan(0);
        expectTexts(step.state);
      });
    },
  };
}

/** Whether a user can make the event happen there: asking the passport service again is offered after a refusal
 *  and on the person's data, not while a request runs; filling in the address only when there is something to fill. */
function performable(event: EventObject, before: AnyMachineSnapshot | undefined): boolean {
  // filling in the address is offered only when the passport service left some of it empty (PRI7)
  if (event.type === 'person.edit') return ((before?.context as Ctx | undefined)?.editable.length ?? 0) > 0;
  if (event.type === 'passport.restart')
    return ['notFound', 'refused', 'expired', 'reused', 'review'].some((s) =>
      before?.matches({ passport: s }),
    );
  return true;
}

/** A radio cannot be unticked: once a price plan was ticked for a reservation, no later one goes without a plan. */
function untickedPlan(path: MachinePath): boolean {
  let ticked = false;
  for (const { event } of path.steps) {
    if (event.type !== 'number.reserve') continue;
    const { pricePlanId } = event as Ev<'number.reserve'>;
    if (pricePlanId === null && ticked) return true;
    if (pricePlanId !== null) ticked = true;
  }
  return false;
}

const generated = generateModelPaths(
  buildModelGraph(at39RegistrationMachine, at39RegistrationModelEntry),
).filter(
  (p) => p.steps.every((s, i) => i === 0 || performable(s.event, p.steps[i - 1]?.state)) && !untickedPlan(p),
);
/** A path of the real machine for a scripted sequence of events (snapshots from an actor with idle fakes). */
function scripted(events: readonly (EventObject & Record<string, unknown>)[]): MachinePath {
  const actor = createActor(
    at39RegistrationMachine.provide({ actors: neverSettlingActors(at39RegistrationMachine) }),
  ).start();
  const first = actor.getSnapshot();
  const steps = [{ event: { type: 'xstate.init' }, state: first }];
  for (const event of events) {
    actor.send(event as At39RegistrationEvent);
    steps.push({ event, state: actor.getSnapshot() });
  }
  actor.stop();
  return { state: steps.at(-1)?.state ?? first, steps, weight: steps.length } as MachinePath;
}

const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, code: string) => ({
  type: `xstate.error.actor.${id}`,
  error: new ApiFailure({ kind: 'server', code }),
});

/** The servicedesk's whole registration, meeting every catalogue error of the issue on the way. */
const scenarios: readonly MachinePath[] = [
  scripted([
    { type: 'route.entered', registrationId: null },
    ...['E127', 'E128', 'E129'].flatMap((c) => [
      { type: 'token.submit', token: TOKEN },
      fail('checkToken', c),
    ]),
    { type: 'token.submit', token: TOKEN },
    done('checkToken', workplace),
    done('startPassportSession', epdp),
    // a mistyped code is refused at the field (AT10): retyped, not a new consent
    { type: 'code.submit', code: 'ZZZZ9999' },
    fail('readPassport', 'E013'),
    { type: 'code.submit', code: AUTH_CODE },
    done('readPassport', passportOk),
    { type: 'person.confirm' },
    fail('createRegistration', 'E129'),
    { type: 'create.retry' },
    done('createRegistration', '501'),
    ...['E091', 'E105', 'E121'].flatMap((c) => [
      { type: 'kit.submit', markedCode: MARKED_CODE },
      fail('attachKit', c),
    ]),
    { type: 'kit.submit', markedCode: MARKED_CODE },
    done('attachKit', card),
    ...['E052', 'E125'].flatMap((c) => [{ type: 'ban.submit', ban: BAN }, fail('attachBan', c)]),
    { type: 'ban.submit', ban: BAN },
    done('attachBan'),
    done('fetchPricePlans', tariffs),
    ...['E013', 'E123', 'E025'].flatMap((c) => [
      { type: 'number.reserve', phoneNumber: '907000001', pricePlanId: 1 },
      fail('reserveNumber', c),
    ]),
    { type: 'number.reserve', phoneNumber: '907000001', pricePlanId: 1 },
    done('reserveNumber'),
    done('fetchDocs', docsComplete),
    { type: 'documents.continue' },
    done('fetchDocs', docsComplete),
    { type: 'registration.submit' },
    fail('submitRegistration', 'E094'),
    { type: 'registration.submit' },
    done('submitRegistration'),
  ]),
  scripted([{ type: 'route.entered', registrationId: '777' }, fail('loadRegistration', 'E094')]),
];

const paths: readonly MachinePath[] = [...scenarios, ...generated];

afterEach(cleanup);

describe('AT 39 registration view walk', () => {
  it('walks paths that together show every state of the chart', () => {
    const leaves = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    const all = at39RegistrationMachine.root.states;
    const expected = Object.entries(all).flatMap(([k, n]) =>
      Object.keys(n.states).length === 0
        ? [JSON.stringify(k)]
        : Object.keys(n.states).map((c) => JSON.stringify({ [k]: c })),
    );
    expect(expected.filter((l) => !leaves.has(l))).toEqual([]);
  });

  it('reaches every catalogue error of the workflow on a walked path', () => {
    const codes = new Set(paths.flatMap((p) => p.steps.map((s) => (s.state.context as Ctx).error)));
    for (const code of [
      'E127',
      'E128',
      'E129',
      'E094',
      'E091',
      'E105',
      'E121',
      'E052',
      'E125',
      'E013',
      'E123',
      'E025',
      'reservation.expired',
    ])
      expect([code, codes.has(code)]).toEqual([code, true]);
  });

  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i shows each state along %s',
    async (_, __, path) => {
      const steps = await walkViewPath(at39RegistrationMachine, path, mount());
      expect(steps).toBe(path.steps.length - 1);
    },
  );
});

describe('AT 39 scans: the size limit the documents step hands to its upload widgets', () => {
  /** AT6: a scan of 4 MB (4 × 1024 × 1024 bytes) at most; the number is the decision's, not read from src. */
  const LIMIT = 4 * 1024 * 1024;
  const toDocuments = scripted([
    { type: 'route.entered', registrationId: null },
    { type: 'token.submit', token: TOKEN },
    done('checkToken', workplace),
    done('startPassportSession', epdp),
    { type: 'code.submit', code: AUTH_CODE },
    done('readPassport', passportOk),
    { type: 'person.confirm' },
    done('createRegistration', '501'),
    { type: 'kit.submit', markedCode: MARKED_CODE },
    done('attachKit', card),
    { type: 'ban.submit', ban: BAN },
    done('attachBan'),
    done('fetchPricePlans', tariffs),
    { type: 'number.reserve', phoneNumber: '907000001', pricePlanId: 1 },
    done('reserveNumber'),
    done('fetchDocs', docsMissing),
  ]);

  it.each([
    [LIMIT, false],
    [LIMIT + 1, true],
  ])('a passport scan of %i bytes is refused as too large: %s', async (size, refused) => {
    // the app's own AT 39 upload logic (its byte check, its senders); the server never answers, so the send stays
    // open (the upload walk covers what follows)
    const { at39Upload } = createAt39Logic(() => new Promise(() => {}));
    await walkViewPath(at39RegistrationMachine, toDocuments, mount({ at39Upload }));
    const widget = screen.getByTestId('at39-upload-passport');
    const png = new Uint8Array(size);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await userEvent.upload(
      within(widget).getByTestId('upload-input') as HTMLInputElement,
      new File([png], 'passport.png', { type: 'image/png' }),
    );
    // the refusal is the client's own check, at once; a file within the limit passes the byte check and is sent
    await waitFor(() => expect(widget.dataset.state).toBe(refused ? 'rejected' : 'uploading'));
    const tooLarge = t('upload.errors.tooLarge', { mb: 4 });
    expect(within(widget).queryByText(tooLarge, { exact: false }) !== null).toBe(refused);
    if (refused) expect(within(widget).getByTestId('upload-rejected').dataset.code).toBe('upload.tooLarge');
  });
});
