// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ActorRefFrom, AnyMachineSnapshot, EventObject } from 'xstate';
import { i18n } from '@/i18n/i18n';
import { formatErrorMessage } from '@/i18n/messages';
import {
  type UserSearchContext as Ctx,
  type UserQuery,
  type UserSearchMachine,
  userSearchMachine,
} from '@/machines/user-search.machine';
import { parseUserQuery, rowAction, userQuerySearch } from '@/machines/user-search.selectors';
import { UserSearchContext } from '@/views/admin/admin.context';
import { UserSearchPage } from '@/views/admin/user-search.view';
import { usersPage } from '../machines/user-admin.payloads';
import { createDeferredActors } from '../support/fake-actors';
import { getModelTestEntry } from '../support/model-registry';
import { buildModelGraph, generateModelPaths } from '../support/paths';
import { TestProviders } from '../support/render-workflow';
import { settleInAct } from '../support/view-act';
import { fromOutside } from '../support/view-sends';
import { performBy, type ViewDriver, type ViewStep, walkViewPath } from '../support/view-walk';

const t = i18n.getFixedT('ru');
const PAGE = '/administration/search';

type Holder = { ref?: ActorRefFrom<UserSearchMachine> };
function Capture({ holder }: { holder: Holder }) {
  holder.ref = UserSearchContext.useActorRef();
  return null;
}

/** What the page must show in a state. */
function expectTexts(state: AnyMachineSnapshot) {
  const context = state.context as Ctx;
  // the page is mounted with both kinds to create: a link to each, in every state
  expect(screen.getByRole('link', { name: t('admin.createSubscriber') }).getAttribute('href')).toBe(
    '/administration/creation/subscriber',
  );
  expect(screen.getByRole('link', { name: t('admin.createAdmin') }).getAttribute('href')).toBe(
    '/administration/creation/admin',
  );
  const current = screen.getByTestId(`user-tab-${context.query.status}`);
  expect(current.getAttribute('aria-selected')).toBe('true');
  const error = screen.queryByTestId('user-search-error');
  expect(error?.textContent ?? null).toBe(state.value === 'invalid' ? t('errors.SHORT3') : null);
  if (state.value === 'failed') {
    expect(screen.getByTestId('user-search-failed').textContent).toContain(formatErrorMessage(t, 'network'));
  }
  if (state.matches('loaded') && context.page) {
    expect(screen.getByTestId('user-search-total').textContent).toBe(
      t('admin.search.found', { count: context.page.total }),
    );
    const rows = within(screen.getByTestId('user-rows')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(context.page.list.length);
    for (const row of context.page.list) {
      const saving = state.matches({ loaded: 'saving' }) && context.change?.userId === String(row.user_id);
      expect(screen.getByTestId(`user-row-${row.user_name}`).dataset.action).toBe(
        saving ? 'inProcess' : rowAction(row),
      );
    }
  } else {
    expect(screen.queryByTestId('user-rows')).toBeNull();
  }
  const dialog = screen.queryByTestId('user-row-confirm');
  if (state.matches({ loaded: 'confirming' }) && context.change) {
    expect(dialog?.textContent).toContain(
      t(context.change.blocked ? 'admin.confirmBlock' : 'admin.confirmUnblock', {
        user: context.change.userName,
      }),
    );
  } else {
    expect(dialog).toBeNull();
  }
  expect(screen.queryByTestId('user-row-failed') !== null).toBe(state.matches({ loaded: 'saveFailed' }));
}

function mount(options: { timeout?: number; broken?: boolean } = {}): ViewDriver & {
  location: ReturnType<typeof memoryLocation>;
} {
  const deferred = createDeferredActors(userSearchMachine);
  const location = memoryLocation({ path: PAGE, record: true });
  const holder: Holder = {};
  render(
    <TestProviders>
      <Router hook={location.hook}>
        <UserSearchContext.Provider logic={userSearchMachine.provide({ actors: deferred.actors })}>
          <Capture holder={holder} />
          <UserSearchPage variant="search" createKinds={['subscriber', 'admin']} canEdit />
        </UserSearchContext.Provider>
      </Router>
    </TestProviders>,
  );
  const user = userEvent.setup();
  const urlQuery = () => parseUserQuery(location.history.at(-1)?.split('?')[1] ?? '');
  const perform = performBy(
    {
      // the URL changed: a tab link when only the tab differs, else navigation (Back, a typed address)
      'query.changed': async (event) => {
        const { query } = event as EventObject & { query: UserQuery };
        const now = urlQuery();
        if (userQuerySearch(now) === userQuerySearch(query)) {
          await fromOutside(() =>
            act(() => {
              holder.ref?.send({ type: 'query.changed', query });
            }),
          );
        } else if (now.q === query.q && query.pageNo === 0 && now.status !== query.status) {
          await user.click(screen.getByTestId(`user-tab-${query.status}`));
        } else if (
          now.q === query.q &&
          now.status === query.status &&
          Math.abs(query.pageNo - now.pageNo) === 1 &&
          screen.queryByTestId('user-page-next')
        ) {
          // the next or previous page: the pager's button (the page it shows is one more than the query's, 0-based)
          const button = screen.getByTestId(query.pageNo > now.pageNo ? 'user-page-next' : 'user-page-prev');
          if ((button as HTMLButtonElement).disabled) return [];
          await user.click(button);
        } else {
          const search = userQuerySearch(query);
          await act(() => location.navigate(search ? `${PAGE}?${search}` : PAGE));
        }
      },
      'search.submit': async (event) => {
        const { q } = event as EventObject & { q: string };
        const input = screen.getByTestId('user-search-input');
        await user.clear(input);
        await user.type(input, `${q}{Enter}`);
      },
      'search.retry': () => user.click(screen.getByRole('button', { name: t('app.retry') })),
      'row.block': (event) =>
        user.click(
          screen.getByTestId(`user-block-${(event as EventObject & { userName: string }).userName}`),
        ),
      'row.unblock': (event) =>
        user.click(
          screen.getByTestId(`user-unblock-${(event as EventObject & { userName: string }).userName}`),
        ),
      'row.confirm': () => user.click(screen.getByTestId('user-row-confirm-yes')),
      'row.cancel': () =>
        user.click(
          within(screen.getByTestId('user-row-confirm')).getByRole('button', { name: t('app.cancel') }),
        ),
      'error.dismiss': () =>
        user.click(within(screen.getByTestId('user-row-failed')).getByRole('button', { name: t('app.ok') })),
    },
    settleInAct(deferred),
  );
  return {
    location,
    perform,
    // the page echoes the chart's new query into the address, and the address back as `query.changed`
    sentByItself: ['query.changed'],
    busy: [
      {
        tag: 'busy',
        when: (s) => s.matches('loading'),
        controls: () => screen.queryAllByRole('button', { name: t('app.retry') }),
        shown: () => {
          expect(screen.getByTestId('user-search-loading').textContent).toBe(t('app.loading'));
          expect(screen.getByTestId('user-search-loading').parentElement?.getAttribute('aria-busy')).toBe(
            'true',
          );
        },
      },
      {
        tag: 'busy',
        when: (s) => s.matches({ loaded: 'saving' }),
        controls: () => [
          ...document.querySelectorAll('[data-testid^="user-block-"], [data-testid^="user-unblock-"]'),
        ],
        shown: () =>
          expect(screen.getByTestId('user-row-saving').textContent).toBe(t('admin.user.inProcess')),
      },
    ],
    expectState: (step: ViewStep) =>
      waitFor(
        () => {
          const root = screen.getByTestId('user-search');
          const shown = options.broken && step.expected.dataState === 'empty' ? 'idle' : root.dataset.state;
          expect(shown).toBe(step.expected.dataState);
          for (const id of step.expected.testIds) expect(screen.getByTestId(id)).toBeTruthy();
          expectTexts(step.state);
        },
        { timeout: options.timeout ?? 1000 },
      ),
  };
}

const paths = generateModelPaths(buildModelGraph(userSearchMachine, getModelTestEntry('userSearch')));

afterEach(cleanup);

describe('administration user search view walk', () => {
  it.each(paths.map((p) => [p.description, p] as const))('shows each state along %s', async (_, path) => {
    const steps = await walkViewPath(userSearchMachine, path, mount());
    expect(steps).toBe(path.steps.length - 1);
  });

  it('catches a page that does not say when nothing matches', async () => {
    const toEmpty = paths.find((p) => p.steps.some((s) => s.state.value === 'empty'));
    expect(toEmpty).toBeDefined();
    if (!toEmpty) return;
    await expect(
      walkViewPath(userSearchMachine, toEmpty, mount({ broken: true, timeout: 200 })),
    ).rejects.toThrow(/view did not show empty/);
  });
});

describe('the query lives in the URL', () => {
  it('a submitted query and the tab go to the URL; Back returns to the previous one', async () => {
    const deferred = createDeferredActors(userSearchMachine);
    const location = memoryLocation({ path: `${PAGE}?status=blocked`, record: true });
    render(
      <TestProviders>
        <Router hook={location.hook}>
          <UserSearchContext.Provider logic={userSearchMachine.provide({ actors: deferred.actors })}>
            <UserSearchPage variant="editing" createKinds={[]} canEdit={false} />
          </UserSearchContext.Provider>
        </Router>
      </TestProviders>,
    );
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t('admin.editing.title'));
    await user.type(screen.getByLabelText(t('admin.search.label')), 'ova{Enter}');
    expect(location.history.at(-1)).toBe(`${PAGE}?q=ova&status=blocked`);
    expect(deferred.pending().map((p) => p.id)).toEqual(['searchUsers']);
    await user.click(screen.getByTestId('user-tab-pending'));
    expect(location.history.at(-1)).toBe(`${PAGE}?q=ova&status=pending`);
    expect(screen.getByTestId('user-search').dataset.state).toBe('loading');
    expect(screen.queryByTestId('create-admin')).toBeNull();
  });
});

describe('pages of the list (the shared 1-based pager over the 0-based wire page)', () => {
  it('says page 2 of 3 for pageNo 1, and next/prev put pageNo 2 and 1 in the URL', async () => {
    const deferred = createDeferredActors(userSearchMachine);
    const location = memoryLocation({ path: `${PAGE}?q=ova&pageNo=1`, record: true });
    render(
      <TestProviders>
        <Router hook={location.hook}>
          <UserSearchContext.Provider logic={userSearchMachine.provide({ actors: deferred.actors })}>
            <UserSearchPage variant="search" createKinds={[]} canEdit={false} />
          </UserSearchContext.Provider>
        </Router>
      </TestProviders>,
    );
    const user = userEvent.setup();
    /** Answers the running search with page `pageNo` of 100 users. */
    const answer = async (pageNo: number) => {
      await waitFor(() => expect(deferred.pending().map((p) => p.id)).toEqual(['searchUsers']));
      await act(async () => {
        deferred.pending()[0]?.resolve({ ...usersPage, total: 100, pageNo });
      });
      await screen.findByTestId('user-page-page');
    };
    await answer(1);
    expect(screen.getByTestId('user-page-page').textContent).toBe(
      t('common.pagination.page', { page: 2, pages: 3 }),
    );
    await user.click(screen.getByTestId('user-page-next'));
    expect(location.history.at(-1)).toBe(`${PAGE}?q=ova&pageNo=2`);
    await answer(2);
    expect(screen.getByTestId('user-page-page').textContent).toBe(
      t('common.pagination.page', { page: 3, pages: 3 }),
    );
    expect(screen.getByTestId('user-page-next')).toHaveProperty('disabled', true);
    await user.click(screen.getByTestId('user-page-prev'));
    expect(location.history.at(-1)).toBe(`${PAGE}?q=ova&pageNo=1`);
  });
});
