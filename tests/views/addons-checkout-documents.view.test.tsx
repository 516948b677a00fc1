// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { i18n } from '@/i18n/i18n';
import {
  addonsCheckoutMachine,
  type CheckoutOrder,
  type OrderQuote,
} from '@/machines/addons-checkout.machine';
import { sessionMachine } from '@/machines/session.machine';
import type { User } from '@/services/contract/session.contract';
import { CheckoutContext } from '@/views/addons/addons.context';
import { CheckoutView } from '@/views/addons/checkout.view';
import { SessionContext } from '@/views/session/session.context';
import { offersAll } from '../support/capabilities';
import { profile, user } from '../support/fixtures';
import { TestProviders } from '../support/render-workflow';

const t = i18n.getFixedT('ru');

/** A free package connected to one number, on the result, for a signed-in user of `role` (company of type 16). */
async function renderResult(role: string) {
  const session = sessionMachine.provide({
    actors: {
      fetchSession: fromPromise<User | null>(async () => user({ roles: [role], chosenRole: role })),
      fetchCapabilities: offersAll(),
      fetchProfile: fromPromise(async () =>
        profile({ at: 16, ban: '100388204', can_buy_number: true, status: 'A' }),
      ),
      saveChosenRole: fromPromise(async () => {}),
      logOut: fromPromise(async () => {}),
    },
  });
  const servicesCheckout = addonsCheckoutMachine.provide({
    actors: {
      quoteOrder: fromPromise(
        async ({ input }: { input: CheckoutOrder }): Promise<OrderQuote> => ({
          already: [],
          sns: input.sns,
          total: 0,
        }),
      ),
      applyChunk: fromPromise(async ({ input }) => ({
        outcomes: input.sns.map((sn) => ({ sn, code: 'accepted' })),
        balance: null,
      })),
    },
  });
  const holder: { checkout?: ActorRefFrom<typeof addonsCheckoutMachine>; ready?: () => boolean } = {};
  function Grab({ children }: { children: ReactNode }) {
    holder.checkout = CheckoutContext.useActorRef();
    const s = SessionContext.useActorRef();
    holder.ready = () => s.getSnapshot().matches({ authenticated: { main: 'ready' } });
    return <>{children}</>;
  }
  const location = memoryLocation({ path: '/services/checkout?action=connectFree&payerBan=100388204' });
  render(
    <I18nextProvider i18n={i18n}>
      <Router hook={location.hook}>
        <TestProviders fakes={{ session }}>
          <CheckoutContext.Provider logic={servicesCheckout}>
            <Grab>
              <CheckoutView />
            </Grab>
          </CheckoutContext.Provider>
        </TestProviders>
      </Router>
    </I18nextProvider>,
  );
  await waitFor(() => expect(holder.ready?.()).toBe(true));
  act(() =>
    holder.checkout?.send({
      type: 'checkout.start',
      order: {
        action: 'connectFree',
        pkg: { soc: 'IP_PROMO2', name: 'PROMO 2 GB', price: 0 },
        sns: ['901234567'],
        payerBan: '100388204',
      },
    }),
  );
  // the chart asks which numbers have it already before the review (SV12)
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
  act(() => holder.checkout?.send({ type: 'checkout.confirm' }));
  return screen.findByTestId('checkout-document');
}

afterEach(cleanup);

describe('the services checkout result says where the service document is', () => {
  it('links to the Documents list for a role whose menu has it (the key owner)', async () => {
    const note = await renderResult('R007');
    expect(note.textContent).toContain(t('services.checkoutPage.document'));
    const link = screen.getByTestId('checkout-documents-link');
    expect(link.getAttribute('href')).toBe('/onlinee-sales?tab=services');
    expect(link.textContent).toBe(t('services.checkoutPage.documentsLink'));
  });

  it('points no link at a section a role lacks (the curator): it says who can obtain the document', async () => {
    const note = await renderResult('R004');
    expect(note.textContent).toBe(t('services.checkoutPage.documentElsewhere'));
    expect(note.textContent).not.toContain('«Документы»');
    expect(screen.queryByTestId('checkout-documents-link')).toBeNull();
  });
});
