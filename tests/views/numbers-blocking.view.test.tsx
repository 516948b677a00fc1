// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import { planDayAfter } from '@/domain/plans.rules';
import {
  type ApplyInput,
  type BlockOutcome,
  blockRestoreMachine,
  type LockInput,
  type PlanInput,
} from '@/machines/block-restore.machine';
import {
  type FetchNumbersInput,
  type NumberItem,
  type NumbersPageResult,
  numbersMachine,
  type ShownPage,
} from '@/machines/numbers.machine';
import type { SigningInput } from '@/machines/signing.machine';
import { NumbersList } from '@/views/numbers/numbers-list.view';
import { onScreen } from '../support/phone-text';
import { TestProviders, WithFakes } from '../support/render-workflow';

/**
 * The new-user review "block and restore single numbers and a selection from the number list" (decision U10): a row's button
 * and the selection go through the one block/restore chart; a selection is signed once and sent as one batch.
 */

const ROWS: NumberItem[] = [
  { sn: '901000001', status: 'A', pricePlan: 'Biznes', name: null },
  { sn: '901000002', status: 'O', pricePlan: 'Biznes', name: null },
  { sn: '901000003', status: 'S', pricePlan: 'Biznes', name: null },
  { sn: '901000004', status: 'N', pricePlan: 'Biznes', name: null },
];

function renderList(blocking: boolean, mayPlan = false) {
  const calls = {
    fetch: 0,
    lock: [] as LockInput[],
    signing: [] as SigningInput[],
    apply: [] as ApplyInput[],
    plan: [] as PlanInput[],
  };
  const numbers = numbersMachine.provide({
    actors: {
      fetchNumbers: fromPromise(
        async ({ input }: { input: FetchNumbersInput }): Promise<NumbersPageResult> => {
          calls.fetch += 1;
          return { rows: input.params.status === 'all' ? ROWS : [], total: ROWS.length, totalPages: 1 };
        },
      ),
      prefetchNumbers: fromPromise(async (): Promise<readonly ShownPage[]> => []),
      exportNumbers: fromPromise(async () => {}),
    },
  });
  const block = blockRestoreMachine.provide({
    actors: {
      fetchPrivilegedLock: fromPromise(async ({ input }: { input: LockInput }) => {
        calls.lock.push(input);
        return { price: 9900, privileged: false, lopBan: false, numbers: input.sns?.length ?? 1 };
      }),
      signing: fromPromise(async ({ input }: { input: SigningInput }) => {
        calls.signing.push(input);
        return { pkcs7b64WithTimestamp: 'MII', keySerial: '7A3C0002', tin: '302145876' };
      }),
      applyBlock: fromPromise(async ({ input }: { input: ApplyInput }): Promise<BlockOutcome> => {
        calls.apply.push(input);
        return {
          failedNumbers: [],
          acceptedNumbers: [...(input.sns ?? [input.sn ?? ''])],
          skippedNumbers: [],
          companyInfo: null,
        };
      }),
      createPlan: fromPromise(async ({ input }: { input: PlanInput }) => {
        calls.plan.push(input);
        return { id: 5, runAt: '2026-12-11T19:00:00.000Z' };
      }),
    } as never,
  });
  const location = memoryLocation({ path: '/profile?status=all' });
  render(
    <TestProviders>
      <Router hook={location.hook}>
        <WithFakes fakes={{ numbers, blockRestore: block }}>
          <NumbersList
            ban="100234561"
            blocking={
              blocking ? { profileType: 5, companyName: 'Toshkent Savdo Invest MChJ', mayPlan } : null
            }
          />
        </WithFakes>
      </Router>
    </TestProviders>,
  );
  return { calls, user: userEvent.setup() };
}

afterEach(cleanup);

describe('number list: block and restore per row and for a selection (U10)', () => {
  it('offers block on active rows and restore on blocked ones, nothing on terminated ones', async () => {
    renderList(true);
    await screen.findAllByTestId('numbers-row');

    const actions = screen
      .getAllByTestId('numbers-row')
      .map((r) => within(r).queryByTestId('numbers-row-action')?.dataset.action ?? null);
    expect(actions).toEqual(['block', 'block', 'restore', null]);
    expect(screen.getAllByTestId('numbers-row-action')[0]?.getAttribute('aria-label')).toBe(
      onScreen('Заблокировать номер +998 90 100 00 01'),
    );
  });

  it('a row button blocks that number: the dialog names it, one number is signed and sent', async () => {
    const { calls, user } = renderList(true);
    await screen.findAllByTestId('numbers-row');

    await user.click(screen.getAllByTestId('numbers-row-action')[0] as HTMLElement);
    expect((await screen.findByTestId('block-restore-subject')).textContent).toBe(
      onScreen('Заблокировать номер +998 90 100 00 01 (лицевой счёт 100234561)?'),
    );
    await user.click(screen.getByTestId('block-restore-confirm-button'));
    await screen.findByTestId('block-restore-success');

    expect(calls.signing[0]?.targets).toEqual({ kind: 'number', ban: '100234561', sn: '901000001' });
    expect(calls.apply[0]).toMatchObject({ action: 'block', sn: '901000001', sns: null });
  });

  it('a selection is blocked under one signature of those numbers in one call, the list reloads after', async () => {
    const { calls, user } = renderList(true);
    await screen.findAllByTestId('numbers-row');
    const boxes = screen.getAllByTestId('numbers-select');

    await user.click(boxes[0] as HTMLElement);
    await user.click(boxes[1] as HTMLElement);
    await user.click(boxes[2] as HTMLElement);
    expect((boxes[3] as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('numbers-bulk-block').textContent).toBe('Заблокировать выбранные (2)');
    expect(screen.getByTestId('numbers-bulk-restore').textContent).toBe('Разблокировать выбранные (1)');
    await user.click(screen.getByTestId('numbers-bulk-block'));
    const subject = await screen.findByTestId('block-restore-subject');
    expect(subject.textContent).toBe('Заблокировать выбранные номера лицевого счёта 100234561: 2?');
    // while the dialog is open neither selection can ask a second one
    for (const id of ['numbers-bulk-block', 'numbers-bulk-restore'])
      expect((screen.getByTestId(id) as HTMLButtonElement).disabled, id).toBe(true);
    expect(screen.getByTestId('block-restore-price').textContent).toBe(
      'Блокировка платная: 9\u00a0900,00\u00a0сум за номер в месяц; за 2 — 19\u00a0800,00\u00a0сум в месяц.',
    );
    await user.click(screen.getByTestId('block-restore-confirm-button'));
    await screen.findByTestId('block-restore-success');
    const fetchesBefore = calls.fetch;
    await user.click(screen.getByTestId('block-restore-close'));

    expect(calls.signing).toHaveLength(1);
    expect(calls.signing[0]?.targets).toEqual({
      kind: 'numbers',
      ban: '100234561',
      sns: ['901000001', '901000002'],
    });
    expect(calls.apply).toEqual([
      { action: 'block', sn: null, sns: ['901000001', '901000002'], ban: '100234561', isLopBan: false },
    ]);
    await waitFor(() => expect(calls.fetch).toBeGreaterThan(fetchesBefore));
    expect(screen.queryByTestId('numbers-bulk')).toBeNull();
  });

  it('a selection planned for another day: the day is signed with the numbers, the plan is sent, nothing applied', async () => {
    const { calls, user } = renderList(true, true);
    await screen.findAllByTestId('numbers-row');
    const boxes = screen.getAllByTestId('numbers-select');
    await user.click(boxes[0] as HTMLElement);
    await user.click(boxes[1] as HTMLElement);
    await user.click(screen.getByTestId('numbers-bulk-block'));
    await screen.findByTestId('block-restore-subject');
    const day = planDayAfter(Date.now(), 10);

    await user.click(screen.getByTestId('block-restore-when-later'));
    fireEvent.change(screen.getByTestId('block-restore-date'), { target: { value: day } });
    // a block has no hour: it takes effect at 00:00 of the day (spec 4)
    expect(screen.queryByTestId('block-restore-hour')).toBeNull();
    expect(screen.getByTestId('block-restore-when-text').textContent).toBe(
      `Блокировка вступит в силу ${day.split('-').reverse().join('.')} в 00:00 по времени Ташкента.`,
    );
    await user.click(screen.getByTestId('block-restore-confirm-button'));
    await screen.findByTestId('block-restore-planned-text');

    expect(calls.signing.map((c) => [c.targets, c.when])).toEqual([
      [
        { kind: 'numbers', ban: '100234561', sns: ['901000001', '901000002'] },
        { date: day, hour: 0 },
      ],
    ]);
    expect(calls.plan).toEqual([
      { action: 'block', ban: '100234561', sns: ['901000001', '901000002'], date: day, hour: 0 },
    ]);
    expect(calls.apply).toEqual([]);
  });

  it('who may not plan gets no choice of a day in the dialog', async () => {
    const { user } = renderList(true);
    await screen.findAllByTestId('numbers-row');
    await user.click(screen.getAllByTestId('numbers-row-action')[0] as HTMLElement);
    await screen.findByTestId('block-restore-subject');
    expect(screen.queryByTestId('block-restore-when')).toBeNull();
  });

  it('staff viewing the account (no blocking) get no buttons and no checkboxes', async () => {
    renderList(false);
    await screen.findAllByTestId('numbers-row');

    expect(screen.queryByTestId('numbers-row-action')).toBeNull();
    expect(screen.queryByTestId('numbers-select')).toBeNull();
  });
});

describe('number filter and page (U15)', () => {
  function renderMany(path: string, blocking = false) {
    const rows: NumberItem[] = Array.from({ length: 250 }, (_, i) => ({
      sn: String(901_000_000 + i),
      status: 'A',
      pricePlan: null,
      name: null,
    }));
    const fetched: FetchNumbersInput[] = [];
    const numbers = numbersMachine.provide({
      actors: {
        fetchNumbers: fromPromise(
          async ({ input }: { input: FetchNumbersInput }): Promise<NumbersPageResult> => {
            fetched.push(input);
            const from = (input.params.page - 1) * 100;
            const matching = rows.filter((r) => r.sn.includes(input.params.q));
            return {
              rows: matching.slice(from, from + 100),
              total: matching.length,
              totalPages: Math.ceil(matching.length / 100),
              counts: { active: matching.length, pending: 0, blocked: 0, all: matching.length + 9603 },
            };
          },
        ),
        prefetchNumbers: fromPromise(async (): Promise<readonly ShownPage[]> => []),
        exportNumbers: fromPromise(async () => {}),
      },
    });
    const location = memoryLocation({ path, record: true });
    render(
      <TestProviders>
        <Router hook={location.hook}>
          <WithFakes fakes={{ numbers }}>
            <NumbersList
              ban="100234561"
              blocking={blocking ? { profileType: 5, companyName: 'Toshkent Savdo Invest MChJ' } : null}
            />
          </WithFakes>
        </Router>
      </TestProviders>,
    );
    return { location, fetched, user: userEvent.setup() };
  }

  it('?page=100000 goes to the last page (3 of 3), replacing the address', async () => {
    const { location } = renderMany('/profile?status=active&page=100000');

    await waitFor(() => expect(screen.getByTestId('numbers-page').textContent).toBe('Страница 3 из 3'));
    expect(location.history.at(-1)).toBe('/profile?status=active&page=3');
    expect(location.history).toHaveLength(1);
  });

  it('says what the filter accepts, and names the letters it refuses, keeping what was typed', async () => {
    const { user, fetched } = renderMany('/profile?status=active');
    await screen.findAllByTestId('numbers-row');
    const input = screen.getByLabelText('Фильтр по номеру') as HTMLInputElement;

    expect(screen.getByTestId('numbers-filter-hint').textContent).toContain('Цифры номера');
    await user.type(input, '90abc😀1');
    await user.click(screen.getByRole('button', { name: 'Применить фильтр' }));

    expect(screen.getByTestId('numbers-filter-error').textContent).toBe(
      'В фильтре только цифры номера: уберите буквы и другие знаки (a b c 😀).',
    );
    expect(input.value).toBe('90abc😀1');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(fetched.every((f) => f.params.q === '')).toBe(true);
    await user.clear(input);
    await user.type(input, '+998 (90) 100-00-01');
    await user.click(screen.getByRole('button', { name: 'Применить фильтр' }));
    await waitFor(() => expect(fetched.at(-1)?.params.q).toBe('901000001'));
    expect(screen.queryByTestId('numbers-filter-error')).toBeNull();
  });

  it('each tab says how many numbers it lists (U19)', async () => {
    renderMany('/profile?status=active');
    await screen.findAllByTestId('numbers-row');

    expect(screen.getByTestId('numbers-tab-active').textContent).toBe('Активные · 250');
    expect(screen.getByTestId('numbers-tab-all').textContent).toBe('Все · 9\u00a0853');
    expect(screen.getByTestId('numbers-tab-blocked').textContent).toBe('Заблокированные · 0');
  });

  it('a new page keeps the keyboard focus on the row it was on (it is drawn at once, not in two steps)', async () => {
    const { location } = renderMany('/profile?status=active', true);
    await waitFor(() => expect(screen.getAllByTestId('numbers-row')).toHaveLength(100));
    const checkbox = screen.getAllByTestId('numbers-select')[60] as HTMLInputElement;
    checkbox.focus();

    act(() => location.navigate('/profile?status=active&page=2'));

    await waitFor(() => expect(screen.getAllByTestId('numbers-row')[0]?.dataset.sn).toBe('901000100'));
    expect(screen.getAllByTestId('numbers-row')).toHaveLength(100);
    expect(document.activeElement).toBe(checkbox);
    expect(checkbox.isConnected).toBe(true);
  });
});
