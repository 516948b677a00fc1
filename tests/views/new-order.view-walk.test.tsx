// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, fromPromise } from 'xstate';
import { formatSum } from '@/domain/money.rules';
import { i18n } from '@/i18n/i18n';
import { type CreateOrderInput, type NewOrderDraft, newOrderMachine } from '@/machines/new-order.machine';
import { NewOrderForm } from '@/views/purchase/new-order.view';
import { company, newOrderInput, noBalance, offline, twoRowDraft } from '../machines/new-order.payloads';
import { TestProviders } from '../support/render-workflow';
import { type BusyRule, expectBusy, expectPageHeading } from '../support/view-walk';

const t = i18n.getFixedT('ru');

/** The real view on the real chart with fake calls: each step asserts what the state shows (`data-state` too). */
function mount(
  opts: { draft?: NewOrderDraft | null; create?: unknown[]; company?: unknown[]; hold?: Promise<void> } = {},
) {
  const calls = { create: [] as CreateOrderInput[], saved: [] as unknown[], company: 0 };
  const answers = [...(opts.create ?? [])];
  const companies = [...(opts.company ?? [])];
  const logic = newOrderMachine.provide({
    actors: {
      fetchCompany: fromPromise(async () => {
        calls.company++;
        const next = companies.shift();
        if (next instanceof Error) throw next;
        return company;
      }),
      restoreDraft: fromPromise(async (): Promise<NewOrderDraft | null> => opts.draft ?? null),
      createOrder: fromPromise(async ({ input }: { input: CreateOrderInput }) => {
        calls.create.push(input);
        if (opts.hold) await opts.hold;
        const next = answers.shift();
        if (next instanceof Error) throw next;
        return { id: '57' };
      }),
    },
    actions: {
      saveDraft: (_, params) => {
        calls.saved.push(params);
      },
      clearDraft: () => {},
    },
  });
  render(
    <I18nextProvider i18n={i18n}>
      <TestProviders fakes={{ newOrder: logic }}>
        <NewOrderForm input={newOrderInput} />
      </TestProviders>
    </I18nextProvider>,
  );
  return calls;
}

const page = () => screen.getByTestId('new-order-page');

/**
 * The page's busy rule: while the order is sent (POST orders/), nothing can send it again (submit, retry) or change
 * it (add or remove a row, the address); the submit button is busy and the status line says the order is sent.
 */
const busyRules: readonly BusyRule[] = [
  {
    tag: 'busy',
    controls: () => [
      screen.getByTestId('new-order-submit'),
      screen.getByTestId('new-order-add'),
      screen.getByLabelText(t('newOrder.address')),
      ...document.querySelectorAll('[data-testid^="new-order-remove-"]'),
      ...screen.queryAllByRole('button', { name: t('app.retry') }),
    ],
    shown: () => {
      expect(screen.getByTestId('new-order-submit').getAttribute('aria-busy')).toBe('true');
      expect(screen.getByText(t('newOrder.submitting'))).toBeTruthy();
    },
  },
];
const editing = 'open.company.ready open.form.editing';

afterEach(cleanup);

describe('new-number order page walk', () => {
  it('one row, the company data; an empty row is refused by name; two rows, one deleted after the dialog', async () => {
    const user = userEvent.setup();
    const calls = mount();
    await waitFor(() => expect(page().getAttribute('data-state')).toBe(editing));
    expectPageHeading(t('newOrder.title'));
    expect(screen.getByTestId('new-order-inn').textContent).toBe('301234567');
    expect(screen.getByTestId('new-order-balance').textContent).toBe(formatSum(7_830_000, { lang: 'ru' }));
    expect((screen.getByLabelText(t('newOrder.address')) as HTMLTextAreaElement).value).toBe(
      'Toshkent, Navoiy 12',
    );
    // spec 5: the only row cannot be deleted
    expect((screen.getByTestId('new-order-remove-1') as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByTestId('new-order-submit'));
    // PRM3: every wrong field says what is wrong, not only the first
    expect(
      within(screen.getByTestId('new-order-row-1')).getByText(t('validation.orderCategory')),
    ).toBeTruthy();
    expect(within(screen.getByTestId('new-order-row-1')).getByText(t('validation.orderTariff'))).toBeTruthy();
    expect(calls.create).toEqual([]);

    const row1 = within(screen.getByTestId('new-order-row-1'));
    await user.selectOptions(row1.getByLabelText(t('purchase.rows.category')), '192');
    await user.selectOptions(row1.getByLabelText(t('purchase.rows.tariff')), '1');
    await user.click(screen.getByTestId('new-order-add'));
    const row2 = within(screen.getByTestId('new-order-row-2'));
    await user.selectOptions(row2.getByLabelText(t('purchase.rows.category')), '79');
    await user.selectOptions(row2.getByLabelText(t('purchase.rows.tariff')), '2');
    expect(screen.getByTestId('new-order-total').textContent).toBe(
      formatSum(84_200 + 1_263_000, { lang: 'ru' }),
    );
    expect(calls.saved.length).toBeGreaterThan(0);

    // the dialog names the row; Cancel comes first, Delete last (U13); Cancel keeps both rows
    await user.click(screen.getByTestId('new-order-remove-2'));
    const dialog = screen.getByTestId('new-order-remove-dialog');
    expect(page().getAttribute('data-state')).toContain('open.form.confirmingRemove');
    expect(within(dialog).getByText(t('newOrder.removeText', { n: 2 }))).toBeTruthy();
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(buttons.slice(-2)).toEqual([t('app.cancel'), t('newOrder.removeConfirm', { n: 2 })]);
    await user.click(screen.getByTestId('new-order-remove-cancel'));
    expect(screen.getByTestId('new-order-row-2')).toBeTruthy();
    await user.click(screen.getByTestId('new-order-remove-2'));
    await user.click(screen.getByTestId('new-order-remove-confirm'));
    expect(screen.queryByTestId('new-order-row-2')).toBeNull();
    expect(page().getAttribute('data-state')).toBe(editing);
  });

  it('a kept draft out of bounds or off the catalogue: each field says what is wrong before anything is sent (PRM3, PRM4)', async () => {
    const user = userEvent.setup();
    const calls = mount({
      draft: {
        rows: [{ kolvo: '1001', category: '192', tariff: '1', services: ['IP_GONE'], nominal: '1.5' }],
        address: '',
      },
    });
    await waitFor(() => expect(page().getAttribute('data-state')).toBe(editing));
    const row = within(screen.getByTestId('new-order-row-1'));
    // a service the catalogue no longer sells is listed, ticked, so it can be unticked
    const stray = row.getByLabelText(t('newOrder.strayService', { id: 'IP_GONE' })) as HTMLInputElement;
    expect(stray.checked).toBe(true);
    await user.click(screen.getByTestId('new-order-submit'));
    // (by test id: the bounds are written with non-breaking spaces, which text queries normalise away)
    const message = (field: string) => screen.queryByTestId(`error-row1-${field}`)?.textContent ?? null;
    expect(message('kolvo')).toBe(t('validation.orderKolvo'));
    expect(message('services')).toBe(t('validation.orderServices'));
    expect(message('nominal')).toBe(t('validation.orderNominal'));
    expect(row.getByLabelText(t('purchase.rows.count')).getAttribute('aria-invalid')).toBe('true');
    expect(calls.create).toEqual([]);
    // fixing one field takes its message away and leaves the others
    await user.click(stray);
    expect(message('services')).toBeNull();
    expect(row.queryByLabelText(t('newOrder.strayService', { id: 'IP_GONE' }))).toBeNull();
    expect(message('kolvo')).toBe(t('validation.orderKolvo'));
    const kolvo = row.getByLabelText(t('purchase.rows.count'));
    await user.clear(kolvo);
    await user.type(kolvo, '1000');
    const nominal = row.getByLabelText(t('purchase.rows.nominal'));
    await user.clear(nominal);
    await user.type(nominal, '5000');
    await user.click(screen.getByTestId('new-order-submit'));
    await waitFor(() => expect(screen.getByTestId('new-order-done')).toBeTruthy());
    expect(calls.create[0]?.rows).toEqual([
      { kolvo: 1000, category: '192', tariff: '1', services: [], nominal: 5000 },
    ]);
  });

  it('a kept draft comes back; E031 is shown with the form kept; a retry creates the order', async () => {
    const user = userEvent.setup();
    const calls = mount({ draft: twoRowDraft, create: [noBalance] });
    await waitFor(() => expect(page().getAttribute('data-state')).toBe(editing));
    expect(screen.getByTestId('new-order-row-2')).toBeTruthy();
    expect((screen.getByLabelText(t('newOrder.address')) as HTMLTextAreaElement).value).toBe(
      twoRowDraft.address,
    );
    await user.click(screen.getByTestId('new-order-submit'));
    await waitFor(() => expect(screen.getByTestId('new-order-error')).toBeTruthy());
    expect(page().getAttribute('data-state')).toContain('open.form.failed');
    expect(screen.getByTestId('new-order-submit-error').textContent).toContain(t('newOrder.errors.submit'));
    expect(screen.getByTestId('new-order-row-2')).toBeTruthy();
    await user.click(screen.getByTestId('new-order-submit-error-retry'));
    await waitFor(() => expect(screen.getByTestId('new-order-done')).toBeTruthy());
    expect(screen.getByTestId('new-order-id').textContent).toBe(t('newOrder.doneTitle', { id: '57' }));
    expect(calls.create).toHaveLength(2);
    await user.click(screen.getByTestId('new-order-again'));
    expect(screen.queryByTestId('new-order-row-2')).toBeNull();
  });

  it('a failed company load shows one error with one retry beside the usable form; the retry loads it all', async () => {
    const user = userEvent.setup();
    const calls = mount({ company: [offline] });
    await waitFor(() => expect(screen.getByTestId('new-order-company-error')).toBeTruthy());
    expect(page().getAttribute('data-state')).toBe('open.company.failed open.form.editing');
    expect(screen.getByTestId('new-order-company-error').textContent).toContain(t('newOrder.errors.company'));
    expect(screen.getByTestId('new-order-inn').textContent).toBe('—');
    expect((screen.getByTestId('new-order-add') as HTMLButtonElement).disabled).toBe(false);
    await user.click(screen.getByTestId('new-order-company-error-retry'));
    await waitFor(() => expect(page().getAttribute('data-state')).toBe(editing));
    expect(calls.company).toBe(2);
    expect(screen.queryByTestId('new-order-company-error')).toBeNull();
    expect(screen.getByTestId('new-order-inn').textContent).toBe('301234567');
  });

  it('while the order is sent, nothing on the page can send it again or change it, and the page says so', async () => {
    const user = userEvent.setup();
    let release = () => {};
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = mount({ draft: twoRowDraft, hold });
    await waitFor(() => expect(page().getAttribute('data-state')).toBe(editing));
    await user.click(screen.getByTestId('new-order-submit'));
    const sending = 'open.company.ready open.form.submitting';
    await waitFor(() => expect(page().getAttribute('data-state')).toBe(sending));
    const state = newOrderMachine.resolveState({
      value: { open: { company: 'ready', form: 'submitting' } },
      context: {} as never,
    }) as AnyMachineSnapshot;
    expect(state.hasTag('busy')).toBe(true);
    expectBusy(busyRules, state);
    release();
    await waitFor(() => expect(screen.getByTestId('new-order-done')).toBeTruthy());
    expect(calls.create).toHaveLength(1);
  });
});
