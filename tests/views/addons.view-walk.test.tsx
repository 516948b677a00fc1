// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type AnyMachineSnapshot, createActor, type EventObject } from 'xstate';
import { i18n } from '@/i18n/i18n';
import { type AddonsEvent, addonsMachine, type AddonsContext as Ctx } from '@/machines/addons.machine';
import { addonsSearch } from '@/views/addons/addons.url';
import { AddonsPage } from '@/views/addons/addons-page.view';
import {
  alisher,
  barno,
  catalogue,
  disconnectList,
  employeesPage,
  notYours,
  offline,
  options,
  servicesInput,
  servicesModelEntry,
  withPackage,
} from '../machines/addons.payloads';
import { createDeferredActors } from '../support/fake-actors';
import { buildModelGraph, generateModelPaths, type MachinePath } from '../support/paths';
import { TestProviders } from '../support/render-workflow';
import { neverSettlingActors } from '../support/replay';
import { settleInAct } from '../support/view-act';
import {
  expectPageHeading,
  navigateTo,
  performBy,
  type ViewDriver,
  type ViewStep,
  walkViewPath,
} from '../support/view-walk';

const t = i18n.getFixedT('ru');

/** What the page must show in a state, beyond `data-state` and the meta test ids. */
function expectTexts(state: AnyMachineSnapshot, broken: boolean) {
  const ctx = state.context as Ctx;
  expect(screen.getByTestId('services-selected').textContent).toBe(
    t('services.selected', { count: ctx.selected.length }),
  );
  if (ctx.shown) {
    expect(screen.getByTestId('services-total').textContent).toBe(
      t('services.total', { count: ctx.shown.total }),
    );
    for (const r of ctx.shown.rows) {
      const box = screen.getByTestId(`services-check-${r.sn}`) as HTMLInputElement;
      expect(box.checked).toBe(ctx.selected.includes(r.sn));
    }
    const all = screen.getByTestId('services-select-all') as HTMLButtonElement;
    expect(broken ? false : all.disabled).toBe(!state.matches({ employees: 'ready' }));
  }
  expect(screen.queryByTestId('services-employees-error') !== null).toBe(
    state.matches({ employees: 'failed' }),
  );
  expect(screen.queryByTestId('services-catalogue-error') !== null).toBe(
    state.matches({ employees: 'catalogueFailed' }),
  );
  expect(screen.queryByTestId('services-selection-error') !== null).toBe(
    state.matches({ employees: 'selectAllFailed' }),
  );
  expect(screen.queryByTestId('services-options') === null).toBe(state.matches({ options: 'closed' }));
  if (ctx.catalogue !== null && ctx.params.list === 'connect') {
    const card = screen.getByTestId('services-package-IP_M20');
    expect(card.textContent).toContain('NET 20 GB');
    expect(within(card).getByRole('button').getAttribute('aria-pressed')).toBe(
      String(ctx.params.soc === 'IP_M20'),
    );
  }
}

function mount(options: { broken?: boolean; timeout?: number } = {}): ViewDriver {
  const deferred = createDeferredActors(addonsMachine);
  const location = memoryLocation({
    path: `/services?${addonsSearch(servicesInput.params)}`,
    record: true,
  });
  render(
    <I18nextProvider i18n={i18n}>
      <Router hook={location.hook}>
        <TestProviders fakes={{ services: addonsMachine.provide({ actors: deferred.actors }) }}>
          <AddonsPage />
        </TestProviders>
      </Router>
    </I18nextProvider>,
  );
  const user = userEvent.setup();
  const inAlert = (id: string) => within(screen.getByTestId(id));
  const perform = performBy(
    {
      'params.changed': (event: EventObject) => {
        const next = (event as AddonsEvent & { type: 'params.changed' }).params;
        return navigateTo(location, `/services?${addonsSearch(next)}`, event);
      },
      'catalogue.retry': () => user.click(screen.getByTestId('services-catalogue-error-retry')),
      'employees.retry': () => user.click(screen.getByTestId('services-employees-error-retry')),
      'selection.toggle': (event: EventObject) => {
        const e = event as AddonsEvent & { type: 'selection.toggle' };
        return user.click(screen.getByTestId(`services-check-${e.sns[0]}`));
      },
      'selection.clear': () => user.click(screen.getByTestId('services-clear')),
      'selection.all': (_e, step) =>
        step.index > 0 && screen.queryByTestId('services-selection-error')
          ? user.click(inAlert('services-selection-error').getByRole('button', { name: t('app.retry') }))
          : user.click(screen.getByTestId('services-select-all')),
      'selection.dismiss': () =>
        user.click(inAlert('services-selection-error').getByRole('button', { name: t('app.close') })),
      'options.open': (event: EventObject) =>
        user.click(
          screen.getByTestId(`services-options-${(event as AddonsEvent & { type: 'options.open' }).sn}`),
        ),
      'options.close': () => user.click(screen.getByTestId('services-options-close')),
      'options.retry': () => user.click(screen.getByTestId('services-options-error-retry')),
    },
    settleInAct(deferred),
  );
  return {
    perform,
    busy: [
      {
        // the catalogue or a page of numbers is read: no page of the rows shown before can be asked, the reads not
        // retried and not every number of the filter chosen yet; the list says it is busy
        tag: 'busy',
        controls: () => [
          ...screen.queryAllByTestId('services-list-prev'),
          ...screen.queryAllByTestId('services-list-next'),
          ...screen.queryAllByTestId('services-select-all'),
          ...['services-catalogue-error', 'services-employees-error'].flatMap((id) =>
            screen.queryByTestId(id) ? within(screen.getByTestId(id)).queryAllByRole('button') : [],
          ),
        ],
        shown: () => expect(screen.getByTestId('services-employees').getAttribute('aria-busy')).toBe('true'),
      },
      {
        // a number's options are read: the read is not retried; the panel says it loads
        tag: 'optionsBusy',
        controls: () =>
          within(screen.getByTestId('services-options')).queryAllByRole('button', { name: t('app.retry') }),
        shown: () =>
          expect(
            within(screen.getByTestId('services-options'))
              .getByText(t('app.loading'))
              .getAttribute('aria-busy'),
          ).toBe('true'),
      },
    ],
    expectState: (step: ViewStep) =>
      waitFor(
        () => {
          expect(screen.getByTestId('services-page').dataset.state).toBe(step.expected.dataState);
          expectPageHeading(t('services.title'));
          for (const id of step.expected.testIds) expect(screen.getByTestId(id)).toBeTruthy();
          expectTexts(step.state, options.broken === true);
        },
        { timeout: options.timeout ?? 1000 },
      ),
  };
}

/** Whether a user can make the event happen in that state through the page. */
function performable(event: EventObject, before: AnyMachineSnapshot | undefined): boolean {
  const ctx = before?.context as Ctx | undefined;
  const rows = ctx?.shown?.rows.map((r) => r.sn) ?? [];
  switch (event.type) {
    case 'services.changed':
      return false; // told by the checkout through the actor system (tests/machines/addons-checkout.machine.test.ts)
    case 'selection.toggle': {
      const e = event as AddonsEvent & { type: 'selection.toggle' };
      return rows.includes(e.sns[0] ?? '') && ctx?.selected.includes(e.sns[0] ?? '') !== e.on;
    }
    case 'selection.clear':
      return ctx !== undefined && ctx.shown !== null && ctx.selected.length > 0;
    case 'selection.all':
      return (
        (before?.matches({ employees: 'ready' }) && (ctx?.shown?.total ?? 0) > 0) ||
        before?.matches({ employees: 'selectAllFailed' }) === true
      );
    case 'options.open':
      return rows.includes((event as AddonsEvent & { type: 'options.open' }).sn);
    case 'options.close':
      return before?.matches({ options: 'closed' }) === false;
    default:
      return true;
  }
}

const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });

const fail = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

/** A path of the real machine for a scripted sequence of events (snapshots from an actor with idle fakes). */
function scripted(events: readonly (EventObject & Record<string, unknown>)[]): MachinePath {
  const actor = createActor(addonsMachine.provide({ actors: neverSettlingActors(addonsMachine) }), {
    input: servicesInput,
  }).start();
  const first = actor.getSnapshot();
  const steps = [{ event: { type: 'xstate.init' }, state: first }];
  for (const event of events) {
    actor.send(event as AddonsEvent);
    steps.push({ event, state: actor.getSnapshot() });
  }
  actor.stop();
  return { state: steps.at(-1)?.state ?? first, steps, weight: steps.length } as MachinePath;
}

/** The curator's visit, end to end, and every failure with its retry. */
const scenarios: readonly MachinePath[] = [
  scripted([
    done('fetchCatalogue', catalogue),
    done('fetchEmployees', employeesPage),
    { type: 'selection.toggle', sns: [alisher], on: true },
    { type: 'params.changed', params: withPackage },
    { type: 'options.open', sn: barno, pricePlan: 'Biznes Start' },
    fail('fetchOptions', notYours),
    { type: 'options.retry' },
    done('fetchOptions', options),
    { type: 'options.close' },
    { type: 'selection.all' },
    fail('fetchAllNumbers', offline),
    { type: 'selection.all' },
    done('fetchAllNumbers', [alisher, barno]),
    { type: 'selection.toggle', sns: [alisher], on: false },
    { type: 'selection.clear' },
    { type: 'selection.toggle', sns: [barno], on: true },
    { type: 'params.changed', params: disconnectList },
    fail('fetchEmployees', offline),
    { type: 'employees.retry' },
    done('fetchEmployees', employeesPage),
  ]),
  scripted([
    fail('fetchCatalogue', offline),
    { type: 'catalogue.retry' },
    done('fetchCatalogue', catalogue),
    done('fetchEmployees', employeesPage),
    { type: 'selection.all' },
    fail('fetchAllNumbers', offline),
    { type: 'selection.dismiss' },
    { type: 'options.open', sn: alisher, pricePlan: 'Biznes Pro' },
    done('fetchOptions', { sn: alisher, packages: [] }),
  ]),
];

const generated = generateModelPaths(buildModelGraph(addonsMachine, servicesModelEntry)).filter((p) =>
  p.steps.every((s, i) => i === 0 || performable(s.event, p.steps[i - 1]?.state)),
);
const paths: readonly MachinePath[] = [...scenarios, ...generated];

afterEach(cleanup);

describe('services page view walk', () => {
  it('walks paths that together show every state of the chart', () => {
    const leaves = new Set(
      paths.flatMap((p) =>
        p.steps.flatMap((s) =>
          Object.entries(s.state.value as Record<string, string>).map(([r, l]) => `${r}.${l}`),
        ),
      ),
    );
    const all = ['employees', 'options'].flatMap((r) =>
      Object.keys(addonsMachine.root.states[r]?.states ?? {}).map((l) => `${r}.${l}`),
    );
    expect(all.filter((l) => !leaves.has(l))).toEqual([]);
    expect(generated.length).toBeGreaterThan(3);
  });

  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i shows each state along %s',
    async (_, __, path) => {
      const steps = await walkViewPath(addonsMachine, path, mount());
      expect(steps).toBe(path.steps.length - 1);
    },
  );

  it('catches a "select all" button left enabled while the list loads', async () => {
    const path = paths.find((p) =>
      p.steps.some(
        (s, i) =>
          i > 1 && s.state.matches({ employees: 'loading' }) && (s.state.context as Ctx).shown !== null,
      ),
    );
    expect(path).toBeDefined();
    if (!path) return;
    await expect(walkViewPath(addonsMachine, path, mount({ broken: true, timeout: 200 }))).rejects.toThrow(
      /view did not show/,
    );
  });
});
