// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { UserFacts } from '@/domain/roles.rules';
import { i18n } from '@/i18n/i18n';
import type { Profile } from '@/services/contract/session.contract';
import { Widgets } from '@/views/widgets/widgets.view';
import { TestProviders } from '../support/render-workflow';

/** The October sale widget opens the services page on the promoted package (spec 2, 6; SV9). */
const OCTOBER = new Date(2026, 9, 10);
const t = i18n.getFixedT('ru');

const samarqand: Profile = {
  at: 16,
  sn: null,
  ban: '100388204',
  status: 'A',
  ban_data: { status: 'A' },
  fin_data: { balance: -1_250_000, budget: null, unbilled_amnt: 3_420_500 },
  employee_data: { total: 48 },
  can_buy_number: false,
  company_name: 'Samarqand Qurilish Servis MChJ',
};

const facts = (roles: string[], at: number, budget: number | null): UserFacts => ({
  roles,
  forceChangePassword: false,
  profile: { at, canBuyNumber: false, hasEmployeeData: true, budget, status: 'A' },
  banSelected: false,
});

function renderAt(f: UserFacts) {
  const location = memoryLocation({ path: '/profile', record: true });
  render(
    <TestProviders>
      <Router hook={location.hook}>
        <Widgets facts={f} profile={samarqand} now={OCTOBER} />
      </Router>
    </TestProviders>,
  );
  return location;
}

afterEach(cleanup);

describe('the October sale widget', () => {
  it('opens the services page on the promoted package for a user who may use services', async () => {
    const location = renderAt(facts(['R004'], 16, null));
    const link = screen.getByTestId('widget-sale-open');
    expect(link.textContent).toBe(t('services.saleOpen'));
    await userEvent.setup().click(link);
    expect(location.history.at(-1)).toBe('/services?group=monthly&package=IP_M20');
  });

  it('has no link for a curator of a type-5 account (services hidden, spec 6)', () => {
    renderAt(facts(['R004'], 5, null));
    expect(screen.getByTestId('widget-sale')).toBeTruthy();
    expect(screen.queryByTestId('widget-sale-open')).toBeNull();
  });
});
