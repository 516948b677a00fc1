// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActorRefFrom, AnyMachineSnapshot, EventObject } from 'xstate';
import { i18n } from '@/i18n/i18n';
import {
  type ImpersonationContext as Ctx,
  type ImpersonationMachine,
  impersonationMachine,
} from '@/machines/impersonation.machine';
import { describeClient, ImpersonationBanner } from '@/views/impersonation/banner.view';
import { ImpersonationContext } from '@/views/impersonation/impersonation.context';
import { curatorBan, subscriberNumber } from '../machines/impersonation.payloads';
import { createDeferredActors } from '../support/fake-actors';
import { getModelTestEntry } from '../support/model-registry';
import { buildModelGraph, generateModelPaths } from '../support/paths';
import { onScreen } from '../support/phone-text';
import { TestProviders } from '../support/render-workflow';
import { settleInAct } from '../support/view-act';
import { performBy, type ViewDriver, type ViewStep, walkViewPath } from '../support/view-walk';

const t = i18n.getFixedT('ru');

type Holder = { ref?: ActorRefFrom<ImpersonationMachine> };
function Capture({ holder }: { holder: Holder }) {
  holder.ref = ImpersonationContext.useActorRef();
  return null;
}

/** What the banner must say in a state. */
function expectTexts(state: AnyMachineSnapshot) {
  const { client } = state.context as Ctx;
  const banner = screen.queryByTestId('impersonation-banner');
  if (client) {
    expect(banner?.textContent).toContain(
      t('impersonation.banner', { client: describeClient(t, client), user: client.actor }),
    );
    const back = within(banner as HTMLElement).getByRole('button', {
      name: t('impersonation.back'),
    }) as HTMLButtonElement;
    expect(back.disabled).toBe(state.value === 'returning');
  } else {
    expect(banner).toBeNull();
  }
  const busy = state.value === 'starting' || state.value === 'returning';
  expect(screen.queryByTestId('loading-overlay') !== null).toBe(busy);
  expect(screen.queryByTestId('impersonation-failed') !== null).toBe(state.value === 'failed');
}

function mount(options: { timeout?: number; broken?: boolean } = {}): ViewDriver {
  const deferred = createDeferredActors(impersonationMachine);
  const holder: Holder = {};
  render(
    <TestProviders>
      <ImpersonationContext.Provider logic={impersonationMachine.provide({ actors: deferred.actors })}>
        <Capture holder={holder} />
        <ImpersonationBanner />
      </ImpersonationContext.Provider>
    </TestProviders>,
  );
  const user = userEvent.setup();
  /** Facts and intents from outside the banner: the search box chooses, the session syncs. */
  const outside = (event: EventObject) =>
    act(() => {
      holder.ref?.send(event as Parameters<ActorRefFrom<ImpersonationMachine>['send']>[0]);
    });
  const perform = performBy(
    {
      'impersonation.choose': outside,
      'session.synced': outside,
      'impersonation.back': () => user.click(screen.getByTestId('impersonation-back')),
      'error.dismiss': () =>
        user.click(
          within(screen.getByTestId('impersonation-failed')).getByRole('button', { name: t('app.ok') }),
        ),
    },
    settleInAct(deferred),
  );
  return {
    perform,
    busy: [
      {
        // another account is opened, or the head account returned to: the loading overlay is over the page (the
        // choice itself comes from the search box, which has its own walk)
        tag: 'busy',
        controls: () => [],
        shown: () => {
          const overlay = screen.getByTestId('loading-overlay');
          expect(overlay.getAttribute('role')).toBe('status');
          expect(overlay.textContent).toBe(t('app.loading'));
        },
      },
      {
        // the way back runs: it cannot be asked again (a second back-to-head); the button says it is busy
        tag: 'busy',
        when: (state) => state.matches('returning'),
        controls: () => [screen.getByTestId('impersonation-back')],
        shown: () => expect(screen.getByTestId('impersonation-back').getAttribute('aria-busy')).toBe('true'),
      },
    ],
    expectState: (step: ViewStep) =>
      waitFor(
        () => {
          const root = screen.getByTestId('impersonation');
          const shown =
            options.broken && step.expected.dataState === 'viewing' ? 'direct' : root.dataset.state;
          expect(shown).toBe(step.expected.dataState);
          for (const id of step.expected.testIds) expect(screen.getByTestId(id)).toBeTruthy();
          expectTexts(step.state);
        },
        { timeout: options.timeout ?? 1000 },
      ),
  };
}

const paths = generateModelPaths(buildModelGraph(impersonationMachine, getModelTestEntry('impersonation')));

afterEach(cleanup);

describe('impersonation view walk', () => {
  it.each(paths.map((p) => [p.description, p] as const))('shows each state along %s', async (_, path) => {
    const steps = await walkViewPath(impersonationMachine, path, mount());
    expect(steps).toBe(path.steps.length - 1);
  });

  it('catches a banner that does not show while viewing', async () => {
    const toViewing = paths.find((p) => p.steps.some((s) => s.state.value === 'viewing'));
    expect(toViewing).toBeDefined();
    if (!toViewing) return;
    await expect(
      walkViewPath(impersonationMachine, toViewing, mount({ broken: true, timeout: 200 })),
    ).rejects.toThrow(/view did not show viewing/);
  });
});

describe('the banner text (whose account, by whom)', () => {
  it('names the BAN, the company and the acting user', () => {
    expect(t('impersonation.banner', { client: describeClient(t, curatorBan), user: 'admin' })).toBe(
      'Вы просматриваете аккаунт лицевого счёта 100234561 («Toshkent Savdo Invest MChJ») как admin',
    );
  });

  it('names the number and its BAN, in Uzbek too', () => {
    const uz = i18n.getFixedT('uz');
    expect(describeClient(t, subscriberNumber)).toBe(
      onScreen('номера +998 90 123 45 67 (лицевой счёт 100457732, «Fargʻona Tekstil AJ»)'),
    );
    expect(
      uz('impersonation.banner', { client: describeClient(uz, subscriberNumber), user: 'admin' }),
    ).toContain(onScreen('+998 90 123 45 67 raqami'));
  });
});
