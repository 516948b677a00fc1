// @vitest-environment jsdom

import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type AnyMachineSnapshot, type EventObject, SimulatedClock } from 'xstate';
import { formatSum } from '@/domain/money.rules';
import { LOGIN_CHECK_DEBOUNCE_MS } from '@/domain/preorder.rules';
import { i18n } from '@/i18n/i18n';
import { formatErrorMessage } from '@/i18n/messages';
import {
  type CatalogueLine,
  newClientMachine,
  type ProvedCompany,
  type WizardCatalogue,
  type WizardStart,
} from '@/machines/new-client.machine';
import type { PreorderCreated } from '@/machines/pre-registration.machine';
import { preRegistrationMachine } from '@/machines/pre-registration.machine';
import type { ListedKey } from '@/machines/signing.machine';
import { NewClientContext } from '@/views/new-client/new-client.context';
import { NewClientView } from '@/views/new-client/new-client.page.view';
import { challenge, newClientInput, newClientModelEntry, signature } from '../machines/new-client.payloads';
import { chartOracles } from '../machines/oracles';
import { createDeferredActors } from '../support/fake-actors';
import { findRow, leafPaths } from '../support/oracle';
import { buildModelGraph, generateModelPaths, type MachinePath } from '../support/paths';
import { TestProviders } from '../support/render-workflow';
import { settleInAct } from '../support/view-act';
import { recordViewSends } from '../support/view-sends';
import {
  expectPageHeading,
  performBy,
  type ViewDriver,
  type ViewStep,
  walkViewPath,
} from '../support/view-walk';

const t = i18n.getFixedT('ru');
const oracle = chartOracles.newClient;
const viewTexts = oracle?.viewTexts ?? {};
const DEBOUNCE = 'xstate.after.loginDebounce.newClient.legal.login.waiting';

/**
 * The registration wizard (spec 4 "Registration wizard has 2 steps (legal data, confirmation). Step two loads the
 * services catalogue. Step one proceeds only if the licence is ticked and the login is free."; spec 5; NC1-NC7)
 * walked along every generated path through its real view, /{lang}/new-client.
 *
 * What each state must show comes from the fakes' answers (cities, keys, the proved company, the login check, the
 * catalogue, the created pre-order), from the i18n texts of the state, from the spec's quoted texts the oracle keeps
 * ('Регистрация прошла успешно') and, for the error a step leads to, from the oracle's row for that step (never from
 * the chart's context after it). Delays run on the actor system's simulated clock (the 500 ms login-check debounce
 * is 500 ms of that clock); the promise actors are deferred fakes; the pre-registration child is the real chart on
 * deferred fakes, so step two's signing panel is its real view and the child is finished through it: the created
 * pre-order by settling its challenge, signature and create; `null` (cancelled) by its Cancel button.
 *
 * An event a control can only repeat as a no-op is a no-op for the chart too (choosing the connect type already
 * chosen, the licence already in that position, a field already holding the value): the walk then performs nothing
 * and asserts the same state again. Every generated path is walked; none is left out.
 */

/** The error codes the oracle says a step leads to (only those its row names; the others stay as they were). */
type Errors = { errorCode: string | null; keyError: string | null; loginError: string | null };

/** What the fakes answered and the visitor typed, as the test recorded it. */
interface Seen {
  start: WizardStart | null;
  draftKept: boolean;
  login: string;
  checked: { login: string; free: boolean } | null;
  keys: readonly ListedKey[];
  proved: ProvedCompany | null;
  catalogue: WizardCatalogue | null;
  created: PreorderCreated | null;
  errors: Errors;
}

/** A pre-order status in words (NC6). */
const statusText = (status: string | null | undefined) =>
  t(`newClient.status.${status as 'new' | 'review' | 'registered' | 'rejected'}`);
/** How step two writes the payloads' categories on the Russian page: the purchase page's names and prices. */
const RU_CATEGORY_LINES: Record<string, [string, string]> = {
  '122': ['Простой', 'бесплатно (без НДС)'],
  '192': ['Бронзовый', '84\u00a0200\u00a0сум'],
};
const priceText = (l: CatalogueLine) => (l.price ? formatSum(l.price, { lang: 'ru' }) : t('newClient.free'));

function expectTexts(step: ViewStep, seen: Seen) {
  const state = step.state;
  const page = screen.getByTestId('page-newClient');
  expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe(t('newClient.title'));
  const { errorCode, keyError, loginError } = seen.errors;
  if (state.matches('loading')) expect(screen.getByTestId('new-client-loading')).toBeTruthy();
  // step one's label and introduction stand from the first state until step two (LB18: painted with the build's page)
  const beforeStepTwo = state.matches('loading') || state.matches('loadFailed') || state.matches('legal');
  expect(screen.queryByText(t('newClient.intro')) !== null).toBe(beforeStepTwo);
  expect(screen.queryByText(t('newClient.step1')) !== null).toBe(beforeStepTwo);
  if (state.matches('loadFailed')) {
    const box = within(screen.getByTestId('new-client-load-failed'));
    expect(box.getByTestId('form-error').textContent).toContain(formatErrorMessage(t, errorCode ?? ''));
    expect(box.getByRole('button', { name: t('newClient.retry') })).toBeTruthy();
  }
  if (state.matches('legal')) {
    expect(screen.getByText(t('newClient.step1'))).toBeTruthy();
    // a kept draft says so (spec: the draft is kept 24 h), until the browser refused to keep it
    expect(screen.queryByTestId('new-client-restored')?.textContent ?? null).toBe(
      seen.start?.draft && seen.draftKept ? t('newClient.restored') : null,
    );
    expect(
      (screen.getByRole('textbox', { name: t('newClient.fields.login') }) as HTMLInputElement).value,
    ).toBe(seen.login);
    const hint = state.matches({ legal: { login: 'checking' } })
      ? t('newClient.checkingLogin')
      : !loginError && seen.checked?.login === seen.login && seen.checked.free
        ? t('newClient.loginFree')
        : t('newClient.loginHint');
    expect(within(screen.getByTestId('new-client-login')).getByText(hint)).toBeTruthy();
    expect(screen.queryByTestId('error-login')?.textContent ?? null).toBe(
      loginError ? formatErrorMessage(t, loginError) : null,
    );
    expect(screen.queryByTestId('new-client-key-error')?.textContent ?? null).toBe(
      keyError ? formatErrorMessage(t, keyError) : null,
    );
    const birth = errorCode === 'validation.badDate' || errorCode === 'validation.adult';
    expect(screen.queryByTestId('form-error')?.textContent ?? null).toBe(
      errorCode && !birth ? formatErrorMessage(t, errorCode) : null,
    );
    if (birth)
      expect(screen.getByTestId('error-contactFace.birthDay').textContent).toBe(
        formatErrorMessage(t, errorCode),
      );
    const choose = screen.getByRole('button', { name: t('newClient.chooseKey') }) as HTMLButtonElement;
    expect(choose.disabled).toBe(state.hasTag('busy'));
    if (state.matches({ legal: { form: 'listingKeys' } }))
      expect(screen.getByTestId('new-client-listing-keys').textContent).toBe(t('newClient.listingKeys'));
    if (state.matches({ legal: { form: 'choosingKey' } })) {
      const dialog = within(screen.getByRole('dialog', { name: t('newClient.keysTitle') }));
      for (const k of seen.keys.filter((k) => !k.expired))
        expect(dialog.getByTestId(`key-${(k.serialNumber ?? '').toLowerCase()}`).textContent).toContain(
          `${k.owner} · ${k.tin} · ${k.serialNumber}`,
        );
    } else expect(screen.queryByRole('dialog')).toBeNull();
    if (state.matches({ legal: { form: 'proving' } }))
      expect(screen.getByTestId('new-client-proving').textContent).toBe(t('newClient.proving'));
    if (step.event.type === 'key.choose' && state.matches({ legal: { form: 'proving' } })) {
      const key = seen.keys.find((k) => k.serialNumber === (step.event as { serial?: string }).serial);
      expect((screen.getByTestId('new-client-key-value') as HTMLInputElement).value).toBe(
        `${key?.serialNumber} — ${t('newClient.keyOf', { owner: key?.owner, tin: key?.tin })}`,
      );
    }
    if (step.event.type === 'xstate.done.actor.proveKey' && state.matches({ legal: { form: 'editing' } })) {
      // a newcomer: the tax service's data fills the form (spec 4, NC3)
      expect(screen.getByTestId('new-client-proved').textContent).toBe(t('newClient.proved'));
      expect(
        (screen.getByRole('textbox', { name: t('newClient.fields.name') }) as HTMLInputElement).value,
      ).toBe(seen.proved?.company?.CompanyName);
    }
    if (state.matches({ legal: { form: 'known' } }))
      // NC25: the open pre-order of the TIN is named with its city, in whichever city it is, in the page's
      // language (NC18: the catalogue's codes have their own texts)
      expect(screen.getByTestId('new-client-known').textContent).toBe(
        t('newClient.knownStatus', {
          status: statusText(seen.proved?.status),
          city: t(`newClient.cities.${seen.proved?.city}` as 'newClient.cities.BHK'),
        }),
      );
  }
  if (state.matches('confirm')) {
    expect(screen.getByText(t('newClient.step2'))).toBeTruthy();
    const summary = within(page).getByText(t('newClient.summary')).nextElementSibling as HTMLElement;
    expect(within(summary).getByText(seen.login)).toBeTruthy();
    const sign = screen.getByRole('button', { name: t('newClient.signDocuments') }) as HTMLButtonElement;
    expect(sign.disabled).toBe(!state.matches({ confirm: 'ready' }));
    if (!state.matches({ confirm: 'registering' })) expect(sign.getAttribute('aria-busy')).toBe('false');
    if (state.matches({ confirm: 'loadingCatalogue' }))
      expect(screen.getByTestId('new-client-catalogue-loading').textContent).toBe(
        t('newClient.catalogueLoading'),
      );
    if (state.matches({ confirm: 'catalogueFailed' })) {
      const box = within(screen.getByTestId('new-client-catalogue-failed'));
      expect(box.getByTestId('form-error').textContent).toContain(formatErrorMessage(t, errorCode ?? ''));
      expect(box.getByRole('button', { name: t('newClient.retry') })).toBeTruthy();
    }
    if (state.matches({ confirm: 'ready' }) && seen.catalogue) {
      const shown = within(screen.getByTestId('new-client-catalogue'));
      for (const l of [...seen.catalogue.pricePlans, ...seen.catalogue.services])
        expect((shown.getByText(l.name).nextElementSibling as HTMLElement).textContent).toBe(priceText(l));
      // a number category by its Russian name and the spec's price, never the wire's name (NC16)
      for (const l of seen.catalogue.numberCategories) {
        const [name, price] = RU_CATEGORY_LINES[l.id] ?? ['', ''];
        expect((shown.getByText(name).nextElementSibling as HTMLElement).textContent).toBe(price);
        expect(shown.queryByText(l.name)).toBeNull();
      }
    }
    if (state.matches({ confirm: 'registering' })) {
      // the pre-registration panel: the child starts by preparing the document to sign
      expect(screen.getByTestId('prereg-preparing').textContent).toBe(t('newClient.preparing'));
      expect(screen.getByRole('button', { name: t('newClient.cancel') })).toBeTruthy();
      // a double tap: the sign button is busy, and the panel (with its Cancel) comes after it, so the buttons the
      // first tap hit do not move and a second tap never lands on Cancel
      expect(sign.getAttribute('aria-busy')).toBe('true');
      const order = sign.compareDocumentPosition(screen.getByTestId('prereg-panel'));
      expect(order & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    } else expect(screen.queryByTestId('prereg-panel')).toBeNull();
  }
  if (state.matches('registered') || state.matches('finished')) {
    const leaf = state.matches('registered') ? 'registered' : 'finished';
    const success = within(screen.getByTestId('new-client-success'));
    expect(success.getByRole('status').textContent).toBe(viewTexts[leaf]);
    expect(screen.getByTestId('new-client-status').textContent).toBe(
      t('newClient.statusLabel', { status: statusText(seen.created?.status) }),
    );
    expect(success.getByText(t('newClient.applicationNo', { id: seen.created?.id }))).toBeTruthy();
  }
}

function mount(): ViewDriver {
  const deferred = createDeferredActors(newClientMachine);
  const child = createDeferredActors(preRegistrationMachine);
  const clock = new SimulatedClock();
  const location = memoryLocation({ path: '/new-client' });
  const logic = newClientMachine.provide({
    actors: { ...deferred.actors, preRegistration: preRegistrationMachine.provide({ actors: child.actors }) },
  });
  const seen: Seen = {
    start: null,
    draftKept: true,
    login: '',
    checked: null,
    keys: [],
    proved: null,
    catalogue: null,
    created: null,
    errors: { errorCode: null, keyError: null, loginError: null },
  };
  render(
    <I18nextProvider i18n={i18n}>
      <Router hook={location.hook}>
        <TestProviders fakes={{ actor: { clock, inspect: recordViewSends } }}>
          <NewClientContext.Provider logic={logic} input={newClientInput}>
            <NewClientView />
          </NewClientContext.Provider>
        </TestProviders>
      </Router>
    </I18nextProvider>,
  );
  const user = userEvent.setup();
  const settle = settleInAct(deferred);
  const settleChild = settleInAct(child);
  const click = (name: string) => user.click(screen.getByRole('button', { name }));
  const setValue = (input: HTMLInputElement | HTMLSelectElement, value: string) => {
    // the field already shows it: nothing to type, the view sends nothing (the chart would not change either)
    if (input.value === value) return [];
    fireEvent.change(input, { target: { value } });
    return undefined;
  };
  const perform = performBy(
    {
      'field.change': (e) => {
        const { group, name, value } = e as EventObject & { group: string; name: string; value: string };
        const input = document.querySelector(`input[name="${group}.${name}"]`) as HTMLInputElement;
        return setValue(input, value);
      },
      'city.choose': (e) =>
        user.selectOptions(
          screen.getByRole('combobox', { name: t('newClient.fields.city') }),
          (e as EventObject & { code: string }).code,
        ),
      'connect.change': (e) => {
        const type = (e as EventObject & { connectType: 1 | 2 | 3 }).connectType;
        const name = t(`newClient.connectType.${type === 1 ? 'self' : type === 2 ? 'agent' : 'employee'}`);
        const radio = screen.getByRole('radio', { name }) as HTMLInputElement;
        // already chosen: nothing to click, the view sends nothing
        return radio.checked ? [] : user.click(radio);
      },
      'licence.toggle': (e) => {
        const box = screen.getByRole('checkbox', { name: t('newClient.licence') }) as HTMLInputElement;
        // already as asked: nothing to click, the view sends nothing
        return box.checked === (e as EventObject & { accepted: boolean }).accepted ? [] : user.click(box);
      },
      'login.change': async (e) => {
        const login = (e as EventObject & { login: string }).login;
        seen.login = login;
        const input = screen.getByRole('textbox', { name: t('newClient.fields.login') }) as HTMLInputElement;
        if (input.value !== login) {
          fireEvent.change(input, { target: { value: login } });
          return;
        }
        // typing the same login again asks again: cleared and typed key by key
        await user.clear(input);
        await user.type(input, login);
      },
      'keys.open': () => click(t('newClient.chooseKey')),
      'key.choose': (e) =>
        user.click(screen.getByTestId(`key-${(e as EventObject & { serial: string }).serial.toLowerCase()}`)),
      'keys.close': () => click(t('newClient.close')),
      'step.next': () => click(t('newClient.next')),
      'step.back': () => click(t('newClient.back')),
      retry: () => click(t('newClient.retry')),
      'application.sign': () => click(t('newClient.signDocuments')),
      // 500 ms of the actor system's clock after the last keystroke (spec 5)
      [DEBOUNCE]: () =>
        act(async () => {
          clock.increment(LOGIN_CHECK_DEBOUNCE_MS);
        }),
      'xstate.done.actor.preRegistration': async (e) => {
        const output = (e as EventObject & { output: PreorderCreated | null }).output;
        if (output === null) {
          await click(t('newClient.cancel'));
          return;
        }
        seen.created = output;
        await settleChild({
          type: 'xstate.done.actor.fetchDraftChallenge',
          output: challenge,
        } as EventObject);
        await settleChild({ type: 'xstate.done.actor.signWithKey', output: signature } as EventObject);
        await settleChild({ type: 'xstate.done.actor.createPreorder', output } as EventObject);
      },
    },
    (event) => {
      const out = (event as { output?: unknown }).output;
      if (event.type === 'xstate.done.actor.loadStart') {
        seen.start = out as WizardStart;
        seen.login = seen.start.draft?.login ?? '';
      }
      if (event.type === 'xstate.error.actor.draftKeeper') seen.draftKept = false;
      if (event.type === 'xstate.done.actor.listKeys') seen.keys = out as ListedKey[];
      if (event.type === 'xstate.done.actor.proveKey') seen.proved = out as ProvedCompany;
      if (event.type === 'xstate.done.actor.checkLogin') {
        const answer = out as { login: string; free: boolean };
        // spec: an answer for an older login never overwrites the newer one
        if (answer.login === seen.login) seen.checked = answer;
      }
      if (event.type === 'xstate.done.actor.fetchCatalogue') seen.catalogue = out as WizardCatalogue;
      return settle(event);
    },
  );
  let last: AnyMachineSnapshot | null = null;
  return {
    perform: async (step) => {
      if (last) trackErrors(seen, last, step);
      return perform(step);
    },
    busy: [
      {
        // the cities and agents are read: no retry of a read that runs; the page says it loads
        tag: 'busy',
        when: (state) => state.matches('loading'),
        controls: () => screen.queryAllByRole('button', { name: t('newClient.retry') }),
        shown: () => expect(screen.getByTestId('new-client-loading').getAttribute('aria-busy')).toBe('true'),
      },
      {
        // the module lists the keys, or the chosen key is proved for the TIN and the city: the key cannot be asked
        // again, nor the city (sent with the proof) changed; the key field says what runs
        tag: 'busy',
        when: (state) =>
          state.matches({ legal: { form: 'listingKeys' } }) || state.matches({ legal: { form: 'proving' } }),
        controls: () => [
          screen.getByTestId('new-client-choose-key'),
          screen.getByLabelText(t('newClient.fields.city'), { selector: 'select' }),
        ],
        shown: () =>
          expect(within(screen.getByTestId('new-client-key')).getByRole('status').textContent).toBe(
            t(
              screen.getByTestId('new-client-key').dataset.step === 'proving'
                ? 'newClient.proving'
                : 'newClient.listingKeys',
            ),
          ),
      },
      {
        // the catalogue is read: nothing can be signed yet, nor the read retried; step two says it loads
        tag: 'busy',
        when: (state) => state.matches({ confirm: 'loadingCatalogue' }),
        controls: () => [
          screen.getByTestId('new-client-sign'),
          ...screen.queryAllByRole('button', { name: t('newClient.retry') }),
        ],
        shown: () =>
          expect(screen.getByTestId('new-client-catalogue-loading').textContent).toBe(
            t('newClient.catalogueLoading'),
          ),
      },
      {
        // the application is signed and sent: it cannot be signed again, nor step one opened to change it; the sign
        // button says it is busy
        tag: 'busy',
        when: (state) => state.matches({ confirm: 'registering' }),
        controls: () => [
          screen.getByTestId('new-client-sign'),
          screen.getByRole('button', { name: t('newClient.back') }),
        ],
        shown: () => expect(screen.getByTestId('new-client-sign').getAttribute('aria-busy')).toBe('true'),
      },
    ],
    expectState: async (step: ViewStep) => {
      await waitFor(() => {
        const page = screen.getByTestId('page-newClient');
        expect(page.dataset.state).toBe(step.expected.dataState);
        expectPageHeading(t('newClient.title'));
        for (const id of step.expected.testIds)
          expect(within(page).getAllByTestId(id).length).toBeGreaterThan(0);
        expectTexts(step, seen);
      });
      last = step.state;
    },
  };
}

/** The error codes after a step, as the oracle's row for it says (codes its row does not name stay as they were). */
function trackErrors(seen: Seen, prev: AnyMachineSnapshot, step: ViewStep) {
  if (!oracle) throw new Error('no oracle for newClient');
  const found = findRow(oracle, leafPaths(prev.value), prev.context, step.event as never);
  const next = found?.row.ctx?.(prev.context, step.event as never) ?? {};
  for (const k of ['errorCode', 'keyError', 'loginError'] as const) if (k in next) seen.errors[k] = next[k];
}

const paths: readonly MachinePath[] = generateModelPaths(
  buildModelGraph(newClientMachine, newClientModelEntry),
);

afterEach(cleanup);

describe('new client view walk', () => {
  it('walks paths that together show every resting leaf state of the chart', () => {
    const seen = new Set(paths.flatMap((p) => p.steps.flatMap((s) => leafPaths(s.state.value))));
    const leaves = (node: typeof newClientMachine.root, prefix: string): string[] =>
      Object.entries(node.states).flatMap(([key, child]) =>
        // a transient state (`always`, the login's settling on entering step one) is never at rest: no view to show
        child.always?.length
          ? []
          : Object.keys(child.states).length === 0
            ? [`${prefix}${key}`]
            : leaves(child, `${prefix}${key}.`),
      );
    expect(leaves(newClientMachine.root, '').filter((l) => !seen.has(l))).toEqual([]);
  });

  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i shows each state along %s',
    async (_, __, path) => {
      const steps = await walkViewPath(newClientMachine, path, mount());
      expect(steps).toBe(path.steps.length - 1);
    },
    20_000,
  );
});
