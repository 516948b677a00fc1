// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor, type EventObject } from 'xstate';
import { i18n } from '@/i18n/i18n';
import { formatErrorMessage } from '@/i18n/messages';
import { preRegistrationMachine } from '@/machines/pre-registration.machine';
import { ApiFailure } from '@/services/api/api-error';
import { EimzoFailure } from '@/services/eimzo/eimzo-errors';
import { PreRegistrationPanel } from '@/views/new-client/pre-registration-panel.view';
import { preRegistrationModelEntry, prospectKey } from '../machines/new-client.payloads';
import { createDeferredActors } from '../support/fake-actors';
import { buildModelGraph, generateModelPaths, type MachinePath } from '../support/paths';
import { settleInAct } from '../support/view-act';
import { recordViewSends } from '../support/view-sends';
import { performBy, type ViewDriver, type ViewStep, walkViewPath } from '../support/view-walk';

const t = i18n.getFixedT('ru');

/**
 * The text a failure shows, from the failure the fake answered with (not from the chart's context): the module's
 * texts ('Пароль неверный.' as spec 8 quotes it), the server's codes E004, E026, E094 from the error catalogue.
 */
function failureText(error: unknown): string {
  if (error instanceof EimzoFailure) {
    if (error.error.kind === 'badPassword') return 'Пароль неверный.';
    if (error.error.kind === 'cancelled') return t('eimzo.cancelled');
    if (error.error.kind === 'connection') return t('eimzo.connection');
  }
  if (error instanceof ApiFailure) return formatErrorMessage(t, error.message);
  throw new Error(`no expected text for ${String(error)}`);
}

/** What the panel shows in a state: the progress naming the key, or the failure with Retry where one is allowed. */
function expectTexts(state: AnyMachineSnapshot, lastError: unknown, broken: boolean) {
  const leaf = String(state.value);
  if (state.status === 'done') {
    // the wizard shows the success or step two again: the panel has nothing left to say
    expect(screen.queryByTestId('prereg-panel')).toBeNull();
    return;
  }
  if (leaf === 'signing')
    expect(screen.getByTestId('prereg-signing').textContent).toBe(
      t('newClient.signingPrompt', { key: prospectKey.serialNumber }),
    );
  if (leaf === 'preparing')
    expect(screen.getByTestId('prereg-preparing').textContent).toBe(t('newClient.preparing'));
  if (leaf === 'creating')
    expect(screen.getByTestId('prereg-creating').textContent).toBe(t('newClient.creating'));
  const failure = { signFailed: 'prereg-sign-failed', failed: 'prereg-failed', refused: 'prereg-refused' }[
    leaf
  ];
  if (failure) expect(screen.getByTestId(failure).textContent).toBe(failureText(lastError));
  // E004 and E026 are final answers (spec 7): no Retry; the other failures may be tried again
  const retry = screen.queryByRole('button', { name: t('newClient.retry') }) !== null;
  // `broken` stands for a panel that offers Retry after a refusal too
  expect(retry).toBe(leaf === 'signFailed' || leaf === 'failed' || (broken && leaf === 'refused'));
  expect(screen.getByRole('button', { name: t('newClient.cancel') })).toBeTruthy();
}

function mount(options: { broken?: boolean; timeout?: number } = {}): ViewDriver {
  const deferred = createDeferredActors(preRegistrationMachine);
  const actor = createActor(preRegistrationMachine.provide({ actors: deferred.actors }), {
    input: preRegistrationModelEntry.input,
    inspect: recordViewSends,
  });
  actor.start();
  let lastError: unknown = null;
  render(
    <I18nextProvider i18n={i18n}>
      <PreRegistrationPanel actorRef={actor} />
    </I18nextProvider>,
  );
  const user = userEvent.setup();
  const settle = settleInAct(deferred);
  const perform = performBy(
    {
      'registration.retry': () => user.click(screen.getByRole('button', { name: t('newClient.retry') })),
      'registration.cancel': () => user.click(screen.getByRole('button', { name: t('newClient.cancel') })),
    },
    (event: EventObject) => {
      if (event.type.startsWith('xstate.error.actor.')) lastError = (event as { error?: unknown }).error;
      return settle(event);
    },
  );
  return {
    perform,
    busy: [
      {
        // the application is prepared, signed or sent: Retry (a second challenge, a second pre-order) is not
        // offered, Cancel stays; the panel says which step runs
        tag: 'busy',
        controls: () => screen.queryAllByRole('button', { name: t('newClient.retry') }),
        shown: () => {
          const panel = screen.getByTestId('prereg-panel');
          const step = panel.dataset.state;
          const text =
            step === 'preparing'
              ? t('newClient.preparing')
              : step === 'signing'
                ? t('newClient.signingPrompt', { key: prospectKey.serialNumber })
                : t('newClient.creating');
          expect(within(panel).getByRole('status').textContent).toBe(text);
        },
      },
    ],
    expectState: (step: ViewStep) =>
      waitFor(
        () => {
          const panel = screen.queryByTestId('prereg-panel');
          if (step.state.status !== 'done') {
            expect(panel?.dataset.state).toBe(step.expected.dataState);
            for (const id of step.expected.testIds) expect(screen.getByTestId(id)).toBeTruthy();
          }
          expectTexts(step.state, lastError, options.broken === true);
        },
        { timeout: options.timeout ?? 1000 },
      ),
  };
}

const paths: readonly MachinePath[] = generateModelPaths(
  buildModelGraph(preRegistrationMachine, preRegistrationModelEntry),
);

afterEach(cleanup);

describe('pre-registration view walk', () => {
  it('walks paths that together show every state of the chart', () => {
    const seen = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    const all = Object.keys(preRegistrationMachine.root.states);
    expect(all.filter((s) => !seen.has(s))).toEqual([]);
  });

  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i shows each state along %s',
    async (_, __, path) => {
      const steps = await walkViewPath(preRegistrationMachine, path, mount());
      expect(steps).toBe(path.steps.length - 1);
    },
  );

  it('catches a panel that offers Retry after a refusal (E004 is final)', async () => {
    const toRefused = paths.find((p) => p.steps.some((s) => String(s.state.value) === 'refused'));
    expect(toRefused).toBeDefined();
    if (!toRefused) return;
    await expect(
      walkViewPath(preRegistrationMachine, toRefused, mount({ broken: true, timeout: 200 })),
    ).rejects.toThrow(/view did not show refused/);
  });
});
