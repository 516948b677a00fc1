// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import { i18n } from '@/i18n/i18n';
import { formatErrorMessage } from '@/i18n/messages';
import { signingMachine } from '@/machines/signing.machine';
import { SigningPanel } from '@/views/block-restore/signing-panel.view';
import { signingOracle } from '../machines/oracles/signing.oracle';
import { moduleErrors, signingInput } from '../machines/signing.payloads';
import { createDeferredActors } from '../support/fake-actors';
import { getModelTestEntry } from '../support/model-registry';
import { buildModelGraph, generateModelPaths } from '../support/paths';
import { TestProviders } from '../support/render-workflow';
import { settleInAct } from '../support/view-act';
import { recordViewSends } from '../support/view-sends';
import { performBy, type ViewDriver, type ViewStep, walkViewPath } from '../support/view-walk';

/** The progress text the user reads in each busy state (spec 4 signing flow, spec 8 messages). */
const STEP_TEXTS = {
  gettingTaxId: 'eimzo.gettingTin',
  gettingChallenge: 'signingDocument.preparing',
  connecting: 'eimzo.connecting',
  signing: 'eimzo.waitingPassword',
  verifying: 'eimzo.verifying',
} as const;

/** Renders the real signing panel on a signing actor whose actors are deferred fakes. */
function mount(options: { timeout?: number } = {}): ViewDriver {
  const deferred = createDeferredActors(signingMachine);
  const actor = createActor(signingMachine.provide({ actors: deferred.actors }), {
    input: signingInput,
    inspect: recordViewSends,
  });
  actor.start();
  render(
    <TestProviders>
      <SigningPanel actorRef={actor} />
    </TestProviders>,
  );
  const user = userEvent.setup();
  const t = i18n.getFixedT('ru');
  const perform = performBy(
    {
      'signing.retry': () => user.click(screen.getByRole('button', { name: t('app.retry') })),
      'signing.cancel': () => user.click(screen.getByRole('button', { name: t('app.cancel') })),
    },
    settleInAct(deferred),
  );
  return {
    perform,
    busy: [
      {
        // the module or the server works on this signature: Retry (which would start the step again) is not
        // offered; Cancel stays, it ends the flow. The panel says busy and names the step the user waits for.
        tag: 'busy',
        controls: () => screen.queryAllByRole('button', { name: t('app.retry') }),
        shown: () => {
          const panel = screen.getByTestId('signing-state');
          expect(panel.getAttribute('aria-busy')).toBe('true');
          const value = String(panel.dataset.state) as keyof typeof STEP_TEXTS;
          expect(Object.keys(STEP_TEXTS), 'a busy state with its progress text').toContain(value);
          expect(within(panel).getByRole('status').textContent).toContain(t(STEP_TEXTS[value]));
        },
      },
    ],
    expectState: (step: ViewStep) =>
      waitFor(
        () => {
          const panel = screen.getByTestId('signing-state');
          expect(panel.dataset.state).toBe(step.expected.dataState);
          for (const id of step.expected.testIds) expect(screen.getByTestId(id)).toBeTruthy();
          const state = step.state as AnyMachineSnapshot;
          const alert = screen.queryByRole('alert');
          // the spec's own text for the state, from the oracle (not from the machine's context)
          const specText = signingOracle.viewTexts?.[step.expected.dataState];
          if (specText !== undefined) expect(alert?.textContent).toContain(specText);
          if (state.hasTag('error')) {
            // U20: the module's -5000 says the spec's cancel texts and names the wrong-password reading too
            const shown =
              state.context.errorCode === 'eimzo.cancelled'
                ? `${t('eimzo.cancelledTitle')}${t('eimzo.cancelled')}${t('eimzo.cancelledOrWrongPassword')}`
                : formatErrorMessage(t, state.context.errorCode);
            expect(alert?.textContent).toBe(shown);
            const retry = screen.queryByRole('button', { name: t('app.retry') });
            expect(retry !== null).toBe(state.can({ type: 'signing.retry' }));
          } else {
            expect(alert).toBeNull();
          }
        },
        { timeout: options.timeout ?? 1000 },
      ),
  };
}

const entry = getModelTestEntry('signing');
const paths = generateModelPaths(buildModelGraph(signingMachine, entry));

afterEach(cleanup);

describe('signing panel view walk', () => {
  it.each(paths.map((p) => [p.description, p] as const))('shows each state along %s', async (_, path) => {
    const driver = mount();

    const steps = await walkViewPath(signingMachine, path, driver);

    expect(steps).toBe(path.steps.length - 1);
  });

  it('covers every failure state with its own element', () => {
    const failureIds = [
      'signing-refused',
      'signing-tin-failed',
      'signing-no-tin',
      'signing-outdated',
      'signing-no-websocket',
      'signing-module-unavailable',
      'signing-api-key-rejected',
      'signing-module-failed',
      'signing-no-certificates',
      'signing-no-matching-key',
      'signing-key-unavailable',
      'signing-wrong-password',
      'signing-password-cancelled',
      'signing-verify-failed',
    ];
    const walked = new Set(
      paths.flatMap((p) =>
        p.steps.map((s) => {
          const meta = (s.state as AnyMachineSnapshot).getMeta() as Record<string, { testId?: string }>;
          return Object.values(meta)[0]?.testId;
        }),
      ),
    );

    expect(failureIds.filter((id) => !walked.has(id))).toEqual([]);
  });
});

describe('the signing view walk can fail', () => {
  it('rejects when the panel shows another state than the path expects', async () => {
    const through = paths.find((p) => p.steps.some((step) => step.state.value === 'wrongPassword'));
    expect(through).toBeDefined();
    if (!through) return;
    const at = through.steps.findIndex((step) => step.state.value === 'wrongPassword');
    const last = through.steps[at];
    if (!last) return;
    // The module answers "cancelled" where the path expects "wrong password": the panel must not pass as the latter.
    const tampered = {
      ...through,
      state: last.state,
      steps: [
        ...through.steps.slice(0, at),
        { ...last, event: { type: 'xstate.error.actor.signWithKey', error: moduleErrors.cancelled } },
      ],
    } as typeof through;
    const driver = mount({ timeout: 200 });

    await expect(walkViewPath(signingMachine, tampered, driver)).rejects.toThrow(
      /view did not show wrongPassword/,
    );
  });
});

describe('the signing view walk checks the spec texts', () => {
  it("fails when the panel shows another text for a state than spec 8 quotes ('Пароль неверный.')", async () => {
    const through = paths.find((p) => p.steps.some((step) => step.state.value === 'wrongPassword'));
    expect(through).toBeDefined();
    if (!through) return;
    const at = through.steps.findIndex((step) => step.state.value === 'wrongPassword');
    const key = 'eimzo.badPassword';
    const original = i18n.t(key, { lng: 'ru' });
    expect(original).toBe(signingOracle.viewTexts?.wrongPassword);
    // A wrong view text: the panel renders the no-matching-key message for a wrong password. The check derived
    // from the machine (formatErrorMessage of the context's code) reads the same text and cannot see it.
    i18n.addResource('ru', 'translation', key, 'Нет подходящего ЭЦП-ключа.');
    try {
      const driver = mount({ timeout: 200 });
      await expect(
        walkViewPath(signingMachine, { ...through, steps: through.steps.slice(0, at + 1) }, driver),
      ).rejects.toThrow(/view did not show wrongPassword/);
    } finally {
      i18n.addResource('ru', 'translation', key, original);
    }
  });
});
