// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { appConfig } from '@/config';
import type { ProfileFacts, UserFacts } from '@/domain/roles.rules';
import { type WidgetKey, widgetFlags } from '@/domain/widgets.rules';
import { i18n } from '@/i18n/i18n';
import type { Profile } from '@/services/contract/session.contract';
import { Widgets } from '@/views/widgets/widgets.view';
import { TestProviders } from '../support/render-workflow';

const MARCH = new Date(2026, 2, 10);
const OCTOBER = new Date(2026, 9, 10);

const banProfile: Profile = {
  at: 5,
  sn: null,
  ban: '100234561',
  status: 'A',
  ban_data: { status: 'A' },
  fin_data: { balance: 48_250_000, budget: 15_000_000, unbilled_amnt: null },
  employee_data: { total: 7200 },
  can_buy_number: true,
  company_name: 'Toshkent Savdo Invest MChJ',
};

/** The domain's view of a profile, the way the session selector derives it. */
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

function renderWidgets(props: Parameters<typeof Widgets>[0]) {
  const location = memoryLocation({ path: '/details', record: true });
  const utils = render(
    <TestProviders>
      <Router hook={location.hook}>
        <Widgets {...props} />
      </Router>
    </TestProviders>,
  );
  return { ...utils, location };
}

const shownWidgets = () =>
  screen
    .queryAllByTestId(/^widget-[a-z]+$/)
    .map((el) => el.dataset.testid?.replace('widget-', '') as WidgetKey);

afterEach(() => {
  cleanup();
});

/** The demo roles of the spec, each with the profile it would have. */
const CASES: [string, string[], Profile, boolean, Date][] = [
  ['curator of a type-5 BAN with employees', ['R004'], banProfile, false, MARCH],
  [
    'curator of a type-16 BAN (unbilled, no toggle)',
    ['R004'],
    { ...banProfile, at: 16, fin_data: { balance: -1_250_000, budget: null, unbilled_amnt: 3_420_500 } },
    false,
    MARCH,
  ],
  [
    'subscriber with a mobile budget',
    ['R001'],
    {
      ...banProfile,
      at: 15,
      sn: '901234567',
      employee_data: null,
      fin_data: { balance: 12_000, budget: 150_000 },
    },
    false,
    MARCH,
  ],
  [
    'subscriber without a budget, in October',
    ['R001'],
    {
      ...banProfile,
      at: 20,
      sn: '911002030',
      employee_data: null,
      fin_data: { balance: 615_000, budget: null },
    },
    false,
    OCTOBER,
  ],
  ['key owner with employees, in October', ['R007'], banProfile, false, OCTOBER],
  [
    'key owner without employees',
    ['R007'],
    { ...banProfile, at: 40, employee_data: null, fin_data: { balance: 980_000, budget: 500_000 } },
    false,
    MARCH,
  ],
  ['administrator viewing a BAN', ['R000'], banProfile, true, MARCH],
  ['call centre viewing a BAN', ['R003'], banProfile, true, OCTOBER],
  ['OKK operator with a profile', ['R010'], banProfile, false, MARCH],
];

describe('widgets: each role sees exactly what widgetFlags gives it (spec 2 / 6)', () => {
  it.each(CASES)('%s', (_, roles, profile, banSelected, now) => {
    const facts = factsOf(roles, profile, banSelected);
    const flags = widgetFlags(facts, now);

    renderWidgets({ facts, profile, now, statusToggle: <button type="button">toggle</button> });

    expect(shownWidgets()).toEqual(flags.visible);
    expect(screen.queryByTestId('widget-balance-topup') !== null).toBe(flags.topUp);
    expect(screen.queryByTestId('widget-balance-unbilled') !== null).toBe(flags.unbilled);
    const status = screen.queryByTestId('widget-status');
    expect(status !== null && within(status).queryByRole('button', { name: 'toggle' }) !== null).toBe(
      flags.blockToggle,
    );
  });

  it('renders nothing at all when no widget is shown (administration users)', () => {
    const facts = factsOf(['R000'], banProfile);

    const { container } = renderWidgets({ facts, profile: banProfile, now: OCTOBER });

    expect(container.innerHTML).toBe('');
  });

  it('shows the widgets in the spec order inside a labelled aside', () => {
    const facts = factsOf(['R004'], banProfile);

    renderWidgets({ facts, profile: banProfile, now: OCTOBER });

    expect(screen.getByRole('complementary', { name: 'Сводка по счёту' })).toBeTruthy();
    expect(shownWidgets()).toEqual(['balance', 'budget', 'status', 'employees', 'sale']);
  });
});

describe('widgets: contents', () => {
  it('sums in locale ru with the currency sum and non-breaking spaces (spec 9)', () => {
    const profile: Profile = {
      ...banProfile,
      at: 16,
      fin_data: { balance: -1_250_000, budget: null, unbilled_amnt: 3_420_500 },
    };
    renderWidgets({ facts: factsOf(['R004'], profile), profile, now: MARCH });

    // A debt is highlighted and said in words, not by colour alone.
    const balance = screen.getByTestId('widget-balance-amount');
    expect(balance.className).toContain('widget__amount--debt');
    expect(balance.textContent).toBe('-1\u00A0250\u00A0000\u00A0сум (задолженность)');
    expect(screen.getByTestId('widget-balance-unbilled').textContent).toBe(
      'Невыставленные начисления 3\u00A0420\u00A0500\u00A0сум',
    );
  });

  it('names the currency in Uzbek on an Uzbek page (digits still in locale ru)', async () => {
    await i18n.changeLanguage('uz');
    try {
      const profile: Profile = { ...banProfile, fin_data: { balance: 48_250_000, budget: null } };
      renderWidgets({ facts: factsOf(['R004'], profile), profile, now: MARCH });
      const balance = screen.getByTestId('widget-balance-amount');
      expect(balance.textContent).toBe('48\u00A0250\u00A0000\u00A0soʻm');
      expect(balance.className).not.toContain('widget__amount--debt');
    } finally {
      await i18n.changeLanguage('ru');
    }
  });

  it('shows the mobile budget and a missing balance as a dash', () => {
    const profile: Profile = { ...banProfile, sn: '901234567', fin_data: { balance: null, budget: 1000 } };
    renderWidgets({ facts: factsOf(['R001'], profile), profile, now: MARCH });

    expect(screen.getByTestId('widget-budget-amount').textContent).toBe('1\u00A0000\u00A0сум');
    expect(screen.getByTestId('widget-balance-amount').textContent).toBe('—');
  });

  it('the top-up link opens the payment page in a new tab, safely', () => {
    const profile: Profile = { ...banProfile, sn: '901234567', employee_data: null };
    renderWidgets({ facts: factsOf(['R001'], profile), profile, now: MARCH });

    const link = screen.getByTestId('widget-balance-topup');
    expect(link.getAttribute('href')).toBe(appConfig.topUpUrl);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it.each([
    ['A', 'Активен'],
    ['O', 'Активен'],
    ['S', 'Заблокирован'],
    ['N', 'Расторгнут'],
    ['T', 'Предварительный'],
    ['X', 'Неизвестно'],
    [null, 'Неизвестно'],
  ])('status %s reads %s', (code, text) => {
    const profile: Profile = { ...banProfile, status: code };
    renderWidgets({ facts: factsOf(['R004'], profile), profile, now: MARCH });

    expect(screen.getByTestId('widget-status-value').textContent).toBe(text);
  });

  it('employees: a curator opens the employee list (/profile/employees, EM2)', async () => {
    const { location } = renderWidgets({
      facts: factsOf(['R004'], banProfile),
      profile: banProfile,
      now: MARCH,
    });

    await userEvent.click(screen.getByTestId('widget-employees-open'));

    expect(location.history?.at(-1)).toBe('/profile/employees');
    expect(screen.getByTestId('widget-employees-open').textContent).toBe('Открыть список сотрудников');
  });

  it('status: a curator opens the planned actions (/profile/plans, SP9); a number or a subscriber has none', async () => {
    const { location } = renderWidgets({
      facts: factsOf(['R004'], banProfile),
      profile: banProfile,
      now: MARCH,
    });
    const link = within(screen.getByTestId('widget-status')).getByTestId('widget-plans-open');
    expect(link.textContent).toBe('Запланированные действия');
    await userEvent.click(link);
    expect(location.history?.at(-1)).toBe('/profile/plans');
    cleanup();
    const number: Profile = { ...banProfile, sn: '901234567', employee_data: null };
    renderWidgets({ facts: factsOf(['R004'], number), profile: number, now: MARCH });
    expect(screen.queryByTestId('widget-plans-open')).toBeNull();
    cleanup();
    renderWidgets({ facts: factsOf(['R001'], banProfile), profile: banProfile, now: MARCH });
    expect(screen.queryByTestId('widget-plans-open')).toBeNull();
  });

  it('employees: a backend without the employee list (CAP1) shows no widget that would only lead to it', () => {
    renderWidgets({
      facts: { ...factsOf(['R004'], banProfile), features: new Set() },
      profile: banProfile,
      now: MARCH,
    });
    expect(screen.queryByTestId('widget-employees')).toBeNull();
    expect(screen.queryByTestId('widget-employees-open')).toBeNull();
    expect(screen.getByTestId('widget-status')).toBeTruthy();
  });

  it('employees: with a BAN selected the return control is placed in the widget', () => {
    const profile: Profile = { ...banProfile, sn: '901234567', employee_data: null };
    renderWidgets({
      facts: factsOf(['R004'], profile, true),
      profile,
      now: MARCH,
      returnToOrganisation: <button type="button">back</button>,
    });

    const widget = screen.getByTestId('widget-employees');
    expect(within(widget).getByRole('button', { name: 'back' })).toBeTruthy();
    expect(within(widget).queryByTestId('widget-employees-open')).toBeNull();
  });

  it('the sale widget speaks of October (and Uzbek on uz pages)', async () => {
    renderWidgets({ facts: factsOf(['R004'], banProfile), profile: banProfile, now: OCTOBER });
    expect(within(screen.getByTestId('widget-sale')).getByText('Осенняя распродажа')).toBeTruthy();
    cleanup();

    await i18n.changeLanguage('uz');
    try {
      renderWidgets({ facts: factsOf(['R004'], banProfile), profile: banProfile, now: OCTOBER });
      expect(within(screen.getByTestId('widget-sale')).getByText('Kuzgi chegirma')).toBeTruthy();
      // digits in locale ru (spec 9), the currency named in Uzbek
      expect(screen.getByTestId('widget-balance-amount').textContent).toBe('48\u00A0250\u00A0000\u00A0soʻm');
    } finally {
      await i18n.changeLanguage('ru');
    }
  });
});
