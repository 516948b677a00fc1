// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type ActorRefFrom, fromPromise } from 'xstate';
import type { ProfileFacts, UserFacts } from '@/domain/roles.rules';
import { i18n } from '@/i18n/i18n';
import { blockRestoreMachine } from '@/machines/block-restore.machine';
import {
  type ImpersonationMachine,
  impersonationMachine,
  type ViewedClient,
} from '@/machines/impersonation.machine';
import {
  type FetchNumbersInput,
  type NumbersPageResult,
  numbersMachine,
  type ShownPage,
} from '@/machines/numbers.machine';
import { sessionMachine } from '@/machines/session.machine';
import type { Profile, User } from '@/services/contract/session.contract';
import { ContentPage, useContentTab } from '@/views/common/content-page.view';
import { DetailsPage } from '@/views/details/details.page.view';
import { DetailsView } from '@/views/details/details.view';
import { ImpersonationContext } from '@/views/impersonation/impersonation.context';
import { ProfilePage } from '@/views/profile/profile.page.view';
import { ProfileView } from '@/views/profile/profile.view';
import { SessionContext } from '@/views/session/session.context';
import { offersAll } from '../support/capabilities';
import { onScreen } from '../support/phone-text';
import { TestProviders, WithFakes } from '../support/render-workflow';

const MARCH = new Date(2026, 2, 10);

const banProfile: Profile = {
  at: 5,
  sn: null,
  ban: '100234561',
  status: 'A',
  ban_data: { status: 'A' },
  fin_data: { balance: 48_250_000, budget: 15_000_000, unbilled_amnt: null },
  employee_data: { total: 7200 },
  can_buy_number: true,
  branches: [
    { id: 11, name: 'Toshkent filiali' },
    { id: 12, name: 'Chilonzor filiali' },
  ],
  regions: [{ id: 1, name: 'Toshkent shahri' }],
  phone_number: '998712345678',
  feedback_type: 'email',
  email_address: 'info@toshkent.uz',
  company_name: 'Toshkent Savdo Invest MChJ',
  tin: '302145876',
};

const numberProfile: Profile = {
  ...banProfile,
  at: 15,
  sn: '901234567',
  ban: '100457732',
  status: 'S',
  fin_data: { balance: 12_000, budget: 150_000, unbilled_amnt: null },
  employee_data: null,
  can_buy_number: false,
  phone_number: '998901234567',
  feedback_type: 'sms',
  company_name: 'Fargʻona Tekstil AJ',
};

function factsOf(roles: string[], p: Profile, banSelected = false): UserFacts {
  const profile: ProfileFacts = {
    at: p.at,
    canBuyNumber: p.can_buy_number === true,
    hasEmployeeData: p.employee_data != null,
    budget: p.fin_data?.budget ?? null,
    status: p.status ?? null,
  };
  return { roles, forceChangePassword: false, profile, banSelected };
}

function numbersLogic(calls: FetchNumbersInput[] = []) {
  return numbersMachine.provide({
    actors: {
      fetchNumbers: fromPromise(
        async ({ input }: { input: FetchNumbersInput }): Promise<NumbersPageResult> => {
          calls.push(input);
          return {
            rows: [{ sn: '901000001', status: 'A', pricePlan: 'Biznes', name: null }],
            total: 1,
            totalPages: 1,
          };
        },
      ),
      prefetchNumbers: fromPromise(async (): Promise<readonly ShownPage[]> => []),
      exportNumbers: fromPromise(async () => {}),
    },
  });
}

function renderAt(path: string, ui: ReactNode, calls: FetchNumbersInput[] = []) {
  const location = memoryLocation({ path, record: true });
  const utils = render(
    <TestProviders>
      <Router hook={location.hook}>
        <WithFakes fakes={{ numbers: numbersLogic(calls) }}>{ui}</WithFakes>
      </Router>
    </TestProviders>,
  );
  return { ...utils, location };
}

const rowText = (testId: string) => screen.getByTestId(testId).querySelector('dd')?.textContent;

afterEach(() => {
  cleanup();
});

describe('Profile of a BAN (curator, key owner)', () => {
  it('shows account type, status, company data, contacts, branches and regions', () => {
    renderAt(
      '/profile',
      <ProfileView profile={banProfile} facts={factsOf(['R004'], banProfile)} now={MARCH} />,
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Профиль' })).toBeTruthy();
    expect(screen.getByTestId('profile').dataset.kind).toBe('ban');
    expect(rowText('profile-company-name')).toBe('Toshkent Savdo Invest MChJ');
    expect(rowText('profile-tin')).toBe('302145876');
    expect(rowText('profile-ban')).toBe('100234561');
    expect(rowText('profile-account-type')).toBe('Корпоративный с бюджетом (тип 5)');
    expect(rowText('profile-status')).toBe('Активен');
    expect(rowText('profile-ban-status')).toBe('Активен');
    expect(rowText('profile-phone')).toBe(onScreen('+998 71 234 56 78'));
    expect(rowText('profile-feedback')).toBe('Электронная почта');
    expect(rowText('profile-email')).toBe('info@toshkent.uz');
    expect(
      within(screen.getByTestId('profile-branches'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Toshkent filiali', 'Chilonzor filiali']);
    expect(rowText('profile-regions')).toBe('Toshkent shahri');
    expect(screen.queryByTestId('profile-sn')).toBeNull();
  });

  it('lists the numbers of the BAN by status below (for this BAN)', async () => {
    const calls: FetchNumbersInput[] = [];
    renderAt(
      '/profile?status=blocked',
      <ProfileView profile={banProfile} facts={factsOf(['R004'], banProfile)} now={MARCH} />,
      calls,
    );

    await waitFor(() => expect(screen.getByTestId('numbers-list').dataset.ready).toBe('true'));
    expect(calls[0]).toMatchObject({ ban: '100234561', params: { status: 'blocked' } });
  });

  it('shows the widgets in the aside column (three-column content page without a tabs panel)', () => {
    renderAt(
      '/profile',
      <ProfileView profile={banProfile} facts={factsOf(['R004'], banProfile)} now={MARCH} />,
    );

    const page = screen.getByTestId('page-profile');
    expect(page.querySelector('.content-page__aside [data-testid="widget-balance"]')).not.toBeNull();
    expect(screen.queryByRole('tablist', { name: 'Разделы страницы' })).toBeNull();
    expect(screen.getByTestId('widget-employees')).toBeTruthy();
  });

  it('reads a missing value as "Не указано" and never renders server text as HTML', () => {
    const odd: Profile = {
      ...banProfile,
      company_name: '<b>Bold</b> & Co',
      tin: null,
      email_address: '',
      feedback_type: 'pigeon',
      branches: [],
      regions: null,
    };
    renderAt('/profile', <ProfileView profile={odd} facts={factsOf(['R004'], odd)} now={MARCH} />);

    expect(rowText('profile-company-name')).toBe('<b>Bold</b> & Co');
    expect(screen.getByTestId('profile-company-name').querySelector('b')).toBeNull();
    expect(rowText('profile-tin')).toBe('Не указано');
    expect(rowText('profile-email')).toBe('Не указано');
    expect(rowText('profile-feedback')).toBe('pigeon');
    expect(rowText('profile-branches')).toBe('Не указано');
    expect(rowText('profile-regions')).toBe('Не указано');
  });

  it.each([
    ['A', 'Активен'],
    ['O', 'Активен'],
    ['S', 'Заблокирован'],
    ['N', 'Расторгнут'],
    ['T', 'Предварительный'],
  ])('status %s reads %s (spec 3)', (status, text) => {
    const p = { ...banProfile, status };
    renderAt('/profile', <ProfileView profile={p} facts={factsOf(['R004'], p)} now={MARCH} />);

    expect(rowText('profile-status')).toBe(text);
  });
});

describe('Profile of a number (subscriber)', () => {
  it('shows the number and its status, the company it belongs to, and no number list', () => {
    renderAt(
      '/profile',
      <ProfileView profile={numberProfile} facts={factsOf(['R001'], numberProfile)} now={MARCH} />,
    );

    expect(screen.getByTestId('profile').dataset.kind).toBe('number');
    expect(screen.getByTestId('profile-number').textContent).toBe(onScreen('Номер +998 90 123 45 67'));
    expect(rowText('profile-sn')).toBe(onScreen('+998 90 123 45 67'));
    expect(rowText('profile-status')).toBe('Заблокирован');
    expect(rowText('profile-company-name')).toBe('Fargʻona Tekstil AJ');
    expect(rowText('profile-feedback')).toBe('SMS');
    expect(screen.queryByTestId('numbers-list')).toBeNull();
    expect(screen.queryByTestId('widget-employees')).toBeNull();
    expect(screen.getByTestId('widget-budget')).toBeTruthy();
  });

  it('speaks Uzbek on uz pages', async () => {
    await act(() => i18n.changeLanguage('uz'));
    try {
      renderAt(
        '/profile',
        <ProfileView profile={numberProfile} facts={factsOf(['R001'], numberProfile)} now={MARCH} />,
      );
      expect(screen.getByRole('heading', { level: 1, name: 'Profil' })).toBeTruthy();
      expect(rowText('profile-status')).toBe('Bloklangan');
      expect(screen.getByTestId('profile-number').textContent).toBe(onScreen('+998 90 123 45 67 raqami'));
    } finally {
      await act(() => i18n.changeLanguage('ru'));
    }
  });
});

describe('Details (financial information)', () => {
  it('shows a tabs panel of type info, the balance and the budget in locale ru', () => {
    renderAt(
      '/details',
      <DetailsView profile={banProfile} facts={factsOf(['R004'], banProfile)} now={MARCH} />,
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Финансовая информация' })).toBeTruthy();
    expect(screen.getByTestId('page-details').dataset.tabsType).toBe('info');
    const tab = screen.getByRole('tab', { name: 'Информация' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Информация' })).toBeTruthy();
    expect(rowText('details-balance')).toBe('48\u00A0250\u00A0000\u00A0сум');
    expect(rowText('details-budget')).toBe('15\u00A0000\u00A0000\u00A0сум');
    expect(screen.queryByTestId('details-unbilled')).toBeNull();
    expect(screen.getByTestId('details-account').textContent).toBe('Лицевой счёт · BAN 100234561');
  });

  it('shows the unbilled amount for account type 16 only, and no budget when there is none', () => {
    const p16: Profile = {
      ...banProfile,
      at: 16,
      fin_data: { balance: -1_250_000, budget: null, unbilled_amnt: 3_420_500 },
    };
    renderAt('/details', <DetailsView profile={p16} facts={factsOf(['R004'], p16)} now={MARCH} />);

    expect(rowText('details-unbilled')).toBe('3\u00A0420\u00A0500\u00A0сум');
    expect(rowText('details-balance')).toBe('-1\u00A0250\u00A0000\u00A0сум');
    expect(screen.queryByTestId('details-budget')).toBeNull();
  });

  it('shows the number when the profile is a number', () => {
    renderAt(
      '/details',
      <DetailsView profile={numberProfile} facts={factsOf(['R001'], numberProfile)} now={MARCH} />,
    );

    expect(screen.getByTestId('details-account').textContent).toBe(
      onScreen('Номер +998 90 123 45 67 · BAN 100457732'),
    );
    expect(rowText('details-status')).toBe('Заблокирован');
  });
});

type ImpersonationHolder = { ref?: ActorRefFrom<ImpersonationMachine> };
/** Hands the impersonation actor to the test, which plays the session telling it whom it views. */
function CaptureImpersonation({ holder }: { holder: ImpersonationHolder }) {
  holder.ref = ImpersonationContext.useActorRef();
  return null;
}

/** A two-tab content page (as Settings would use it). */
function TwoTabs({ initial }: { initial: number }) {
  const [tab, select] = useContentTab(['info', 'password'], initial);
  return (
    <ContentPage
      title="Настройки"
      testId="page-test"
      tabs={{
        type: 'settings',
        label: 'Разделы',
        items: [
          { key: 'info', label: 'Информация' },
          { key: 'password', label: 'Смена пароля' },
        ],
        selected: tab,
        onSelect: select,
      }}
      aside={<p>aside</p>}
    >
      <p data-testid="shown">{tab}</p>
    </ContentPage>
  );
}

describe('ContentPage and its tabs panel', () => {
  it('opens on the first tab by default, on keys[initialIndex] when asked (forced password change)', () => {
    renderAt('/settings', <TwoTabs initial={0} />);
    expect(screen.getByTestId('shown').textContent).toBe('info');
    cleanup();

    renderAt('/settings', <TwoTabs initial={1} />);
    expect(screen.getByTestId('shown').textContent).toBe('password');
    expect(screen.getByTestId('tab-password').getAttribute('aria-selected')).toBe('true');
  });

  it('keeps the tab in the URL (reload and Back keep it); an unknown tab falls back', async () => {
    const { location } = renderAt('/settings?x=1', <TwoTabs initial={0} />);

    await userEvent.click(screen.getByRole('tab', { name: 'Смена пароля' }));
    expect(location.history?.at(-1)).toBe('/settings?x=1&tab=password');
    expect(screen.getByTestId('shown').textContent).toBe('password');
    expect(screen.getByTestId('tabpanel-password')).toBeTruthy();
    cleanup();

    renderAt('/settings?tab=nope', <TwoTabs initial={0} />);
    expect(screen.getByTestId('shown').textContent).toBe('info');
  });

  it('moves between tabs with the arrow keys, Home and End (vertical WAI-ARIA tabs)', async () => {
    renderAt('/settings', <TwoTabs initial={0} />);
    screen.getByRole('tab', { name: 'Информация' }).focus();

    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByTestId('shown').textContent).toBe('password');
    expect(document.activeElement?.textContent).toBe('Смена пароля');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByTestId('shown').textContent).toBe('info');
    await userEvent.keyboard('{End}');
    expect(screen.getByTestId('shown').textContent).toBe('password');
    await userEvent.keyboard('{Home}');
    expect(screen.getByTestId('shown').textContent).toBe('info');
    expect(screen.getByRole('tablist').getAttribute('aria-orientation')).toBe('vertical');
  });
});

describe('the routed pages read the profile in view from the session', () => {
  const curator: User = {
    user_name: 'curator',
    user_id: 4,
    roles: ['R004'],
    profile: banProfile,
    chosenRole: 'R004',
    force_change_password: false,
  };

  function renderRouted(path: string, ui: ReactNode, user: User | null, profile: Profile = banProfile) {
    const logic = sessionMachine.provide({
      actors: {
        fetchSession: fromPromise(async () => user),
        fetchCapabilities: offersAll(),
        fetchProfile: fromPromise(async () => profile),
        saveChosenRole: fromPromise(async () => {}),
        logOut: fromPromise(async () => {}),
      },
    });
    return renderAt(path, <SessionContext.Provider logic={logic}>{ui}</SessionContext.Provider>);
  }

  it('Profile and Details show the session profile with its widgets', async () => {
    renderRouted('/profile', <ProfilePage />, curator);
    await waitFor(() => expect(rowText('profile-ban')).toBe('100234561'));
    expect(screen.getByTestId('widget-balance')).toBeTruthy();
    cleanup();

    renderRouted('/details', <DetailsPage />, curator);
    await waitFor(() => expect(rowText('details-balance')).toBe('48\u00A0250\u00A0000\u00A0сум'));
  });

  it('without a signed-in profile they say the profile is unavailable', async () => {
    renderRouted('/profile', <ProfilePage />, null);
    expect((await screen.findByTestId('page-profile-unavailable')).textContent).toContain(
      'Профиль недоступен',
    );
    cleanup();

    renderRouted('/details', <DetailsPage />, null);
    expect(await screen.findByTestId('page-details-unavailable')).toBeTruthy();
  });

  it('places the block/restore toggle in the status widget when the app provides its logic', async () => {
    renderRouted(
      '/details',
      <WithFakes fakes={{ blockRestore: blockRestoreMachine }}>
        <DetailsPage />
      </WithFakes>,
      curator,
    );

    const toggle = await within(await screen.findByTestId('widget-status')).findByTestId('status-toggle');
    expect(toggle.dataset.action).toBe('block');
    expect(toggle.textContent).toBe('Заблокировать');
  });

  it('no toggle for account type 16', async () => {
    const p16: Profile = { ...banProfile, at: 16, fin_data: { balance: 1, budget: null, unbilled_amnt: 2 } };
    renderRouted(
      '/profile',
      <WithFakes fakes={{ blockRestore: blockRestoreMachine }}>
        <ProfilePage />
      </WithFakes>,
      { ...curator, profile: p16 },
      p16,
    );
    await screen.findByTestId('widget-status');
    expect(screen.queryByTestId('status-toggle')).toBeNull();
  });

  it('with a BAN selected, "return to the organisation" goes back through the impersonation chart', async () => {
    let backCalls = 0;
    const impersonation = impersonationMachine.provide({
      actors: {
        startImpersonation: fromPromise(
          async (): Promise<ViewedClient> => ({ ban: '100234561', sn: null, name: null, actor: 'x' }),
        ),
        backToHead: fromPromise(async () => {
          backCalls++;
        }),
      },
    });
    const viewing: User = { ...curator, backToHeadBan: true };
    const holder: ImpersonationHolder = {};
    renderRouted(
      '/profile',
      <ImpersonationContext.Provider logic={impersonation}>
        <CaptureImpersonation holder={holder} />
        <ProfilePage />
      </ImpersonationContext.Provider>,
      viewing,
    );
    act(() =>
      holder.ref?.send({
        type: 'session.synced',
        client: { ban: '100234561', sn: null, name: null, actor: 'admin' },
      }),
    );

    const back = await within(await screen.findByTestId('widget-employees')).findByTestId(
      'widget-employees-back',
    );
    expect(back.textContent).toBe('Вернуться к организации');
    await userEvent.click(back);

    await waitFor(() => expect(backCalls).toBe(1));
  });
});
