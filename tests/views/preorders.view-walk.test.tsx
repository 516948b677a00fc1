// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { i18n } from '@/i18n/i18n';
import { formatErrorMessage } from '@/i18n/messages';
import { preorderListMachine } from '@/machines/preorder-list.machine';
import { PreorderListContext } from '@/views/preorders/preorders.context';
import { PreorderListView } from '@/views/preorders/preorders.view';
import { preorderListModelEntry, type preorderRows } from '../machines/new-client.payloads';
import { chartOracles } from '../machines/oracles';
import { createDeferredActors } from '../support/fake-actors';
import { buildModelGraph, generateModelPaths, type MachinePath } from '../support/paths';
import { TestProviders } from '../support/render-workflow';
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
const viewTexts = chartOracles.preorderList?.viewTexts ?? {};
type Rows = typeof preorderRows;
/** NC12, written out (not read from the chart). */
const NEXT: Record<string, readonly string[]> = {
  new: ['review', 'rejected'],
  review: ['registered', 'rejected'],
};

/**
 * What the staff list shows in each state, from the fakes' answers (not from the chart's context): one row per
 * pre-order with its company, TIN, login and status in words (NC6), the phone reservation flag (NC7); the empty text
 * as the oracle states it; the failure's text (E005 for a user without Orders).
 */
function expectTexts(state: AnyMachineSnapshot, answered: Rows | null, error: unknown, broken: boolean) {
  const leaf = String(state.value);
  const tableShown = ['shown', 'confirming', 'moving', 'moveFailed'].includes(leaf);
  if (tableShown && answered) {
    for (const r of answered) {
      const row = within(screen.getByTestId(`preorder-${r.id}`));
      expect(row.getByText(r.companyName)).toBeTruthy();
      expect(row.getByText(r.tin)).toBeTruthy();
      expect(row.getByText(r.login)).toBeTruthy();
      expect(screen.getByTestId(`preorder-${r.id}-status`).textContent).toBe(
        t(`newClient.status.${broken ? 'new' : r.status}`),
      );
      expect(row.getByText(r.phoneReserved ? t('newClient.yes') : t('newClient.no'))).toBeTruthy();
      // NC12 written out: the moves each status allows, chosen only when nothing else is asked
      for (const to of ['review', 'registered', 'rejected']) {
        const button = screen.queryByTestId(`preorder-${r.id}-move-${to}`) as HTMLButtonElement | null;
        expect(button !== null).toBe((NEXT[r.status] ?? []).includes(to));
        if (button) expect(button.disabled).toBe(leaf !== 'shown');
      }
    }
    expect(screen.getAllByRole('row')).toHaveLength(answered.length + 1);
  }
  expect(screen.queryByTestId('preorders-table') !== null).toBe(tableShown);
  if (leaf === 'empty') expect(screen.getByTestId('preorders-empty').textContent).toBe(viewTexts.empty);
  if (leaf === 'failed')
    expect(screen.getByTestId('preorders-failed').textContent).toContain(
      formatErrorMessage(t, (error as Error).message),
    );
  expect(screen.queryByTestId('preorders-refresh') !== null).toBe(tableShown || leaf === 'empty');
  // Refresh waits while a move is asked, sent or its error shown
  const refresh = screen.queryByTestId('preorders-refresh') as HTMLButtonElement | null;
  if (refresh) expect(refresh.disabled).toBe(leaf !== 'shown' && leaf !== 'empty');
  const asking = leaf === 'confirming' || leaf === 'moving';
  expect(screen.queryByTestId('preorder-status-confirm') !== null).toBe(asking);
  const move = (state.context as { move: { id: number; status: string } | null }).move;
  const row = answered?.find((r) => r.id === move?.id);
  if (asking && move && row) {
    // the dialog names the pre-order, its company, TIN and login, both statuses, and a release of its numbers
    expect(screen.getByTestId('preorder-status-text').textContent).toBe(
      t('newClient.moveText', {
        company: row.companyName,
        tin: row.tin,
        login: row.login,
        from: t(`newClient.status.${row.status}`),
        to: t(`newClient.status.${move.status as 'new'}`),
      }),
    );
    expect(screen.queryByTestId('preorder-status-releases') !== null).toBe(
      row.phoneReserved && move.status !== 'review',
    );
    expect((screen.getByTestId('preorder-status-ok') as HTMLButtonElement).disabled).toBe(leaf === 'moving');
  }
  expect(screen.queryByTestId('preorder-status-error') !== null).toBe(leaf === 'moveFailed');
}

function mount(options: { broken?: boolean; timeout?: number } = {}): ViewDriver {
  const deferred = createDeferredActors(preorderListMachine);
  const location = memoryLocation({ path: '/orders/preorders', record: true });
  let answered: Rows | null = null;
  let total = 0;
  let error: unknown = null;
  render(
    <I18nextProvider i18n={i18n}>
      <Router hook={location.hook}>
        <TestProviders>
          <PreorderListContext.Provider
            logic={preorderListMachine.provide({ actors: deferred.actors })}
            input={{ page: 1 }}
          >
            <PreorderListView />
          </PreorderListContext.Provider>
        </TestProviders>
      </Router>
    </I18nextProvider>,
  );
  const user = userEvent.setup();
  const settle = settleInAct(deferred);
  const perform = performBy(
    {
      retry: () =>
        user.click(
          within(screen.getByTestId('preorders-failed')).getByRole('button', { name: t('newClient.retry') }),
        ),
      refresh: () => user.click(screen.getByTestId('preorders-refresh')),
      'status.choose': (e) => {
        const { id, status } = e as unknown as { id: number; status: string };
        // a move the row does not allow has no button: the user cannot ask for it
        const button = screen.queryByTestId(`preorder-${id}-move-${status}`);
        if (!button) return [];
        return user.click(button);
      },
      'status.confirm': () => user.click(screen.getByTestId('preorder-status-ok')),
      'status.cancel': () => {
        screen.getByTestId('preorder-status-cancel').focus();
        return user.keyboard('{Escape}');
      },
      'status.dismiss': () => user.click(screen.getByTestId('preorder-status-dismiss')),
      // NC13: the router reports the URL's page (a typed address, Back, or the pagination's buttons)
      'page.changed': (e) => {
        const { page } = e as unknown as { page: number };
        return navigateTo(location, page === 1 ? '/orders/preorders' : `/orders/preorders?page=${page}`, e);
      },
    },
    (event: EventObject) => {
      if (event.type === 'xstate.done.actor.fetchPreorders') {
        const output = (event as { output?: { rows: Rows; total: number } }).output;
        answered = output?.rows ?? null;
        total = output?.total ?? 0;
      }
      if (event.type === 'xstate.error.actor.fetchPreorders') error = (event as { error?: unknown }).error;
      if (event.type === 'xstate.done.actor.movePreorder') {
        const moved = (
          event as { output?: { id: number; status: Rows[number]['status']; phoneReserved: boolean } }
        ).output;
        if (moved && answered)
          answered = answered.map((r) =>
            r.id === moved.id ? { ...r, status: moved.status, phoneReserved: moved.phoneReserved } : r,
          );
      }
      return settle(event);
    },
  );
  return {
    perform,
    busy: [
      {
        // the page of pre-orders is read: it cannot be refreshed or retried, no other page asked and no status
        // chosen on the rows shown before; the page says it loads
        tag: 'busy',
        when: (state) => state.matches('loading'),
        controls: () => [
          ...screen.queryAllByTestId('preorders-refresh'),
          ...screen.queryAllByTestId('preorders-prev'),
          ...screen.queryAllByTestId('preorders-next'),
          ...screen.queryAllByRole('button', { name: t('newClient.retry') }),
          ...document.querySelectorAll('[data-testid^="preorder-"][data-testid*="-move-"]'),
        ],
        shown: () => expect(screen.getByTestId('preorders-loading').getAttribute('aria-busy')).toBe('true'),
      },
      {
        // the pre-order is moved: the move cannot be confirmed again nor the dialog left, no other move chosen; the
        // confirm button says it is busy
        tag: 'busy',
        when: (state) => state.matches('moving'),
        controls: () => [
          screen.getByTestId('preorder-status-ok'),
          screen.getByTestId('preorder-status-cancel'),
          ...screen.queryAllByTestId('preorders-refresh'),
        ],
        shown: () => expect(screen.getByTestId('preorder-status-ok').getAttribute('aria-busy')).toBe('true'),
      },
    ],
    expectState: (step: ViewStep) =>
      waitFor(
        () => {
          expect(screen.getByTestId('page-preorderList').dataset.state).toBe(step.expected.dataState);
          expectPageHeading(t('newClient.staffTitle'));
          for (const id of step.expected.testIds) expect(screen.getByTestId(id)).toBeTruthy();
          expectTexts(step.state, answered, error, options.broken === true);
          // NC13: 20 a page; the pages are offered when the answer has more than one
          expect(screen.queryByTestId('preorders-pagination') !== null).toBe(
            screen.queryByTestId('preorders-table') !== null && total > 20,
          );
        },
        { timeout: options.timeout ?? 1000 },
      ),
  };
}

const paths: readonly MachinePath[] = generateModelPaths(
  buildModelGraph(preorderListMachine, preorderListModelEntry),
);

afterEach(cleanup);

describe('staff pre-order list view walk', () => {
  it('walks paths that together show every state of the chart', () => {
    const seen = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect(Object.keys(preorderListMachine.root.states).filter((s) => !seen.has(s))).toEqual([]);
  });

  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i shows each state along %s',
    async (_, __, path) => {
      const steps = await walkViewPath(preorderListMachine, path, mount());
      expect(steps).toBe(path.steps.length - 1);
    },
  );

  it('catches a list that shows every pre-order as new', async () => {
    const toShown = paths.find((p) => p.steps.some((s) => String(s.state.value) === 'shown'));
    expect(toShown).toBeDefined();
    if (!toShown) return;
    await expect(
      walkViewPath(preorderListMachine, toShown, mount({ broken: true, timeout: 200 })),
    ).rejects.toThrow(/view did not show shown/);
  });
});
