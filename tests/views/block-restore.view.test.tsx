// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, fromPromise } from 'xstate';
import { eimzoClientOptions } from '@/app/block-restore.actors';
import type { SigningAction, SigningTargets } from '@/domain/signing-document.rules';
import { i18n } from '@/i18n/i18n';
import { blockRestoreMachine, type DocumentCreateEvent } from '@/machines/block-restore.machine';
import { sessionMachine } from '@/machines/session.machine';
import {
  type ChallengeOutcome,
  type CreatedSignature,
  type ListedKey,
  signingMachine,
  type TaxIdResult,
  type VerifyOutcome,
} from '@/machines/signing.machine';
import { ApiFailure } from '@/services/api/api-error';
import type { User } from '@/services/contract/session.contract';
import { StatusToggle, type StatusToggleProps } from '@/views/block-restore/status-toggle.view';
import {
  allAccepted,
  paidLock,
  privilegedLock,
  signed,
  someFailed,
} from '../machines/block-restore.payloads';
import { moduleErrors, SIGNER_TIN, validKey } from '../machines/signing.payloads';
import { offersAll } from '../support/capabilities';
import { user } from '../support/fixtures';
import { onScreen } from '../support/phone-text';
import { TestProviders, WithFakes } from '../support/render-workflow';

const never = fromPromise(() => new Promise<never>(() => {}));

/** A signed-in session whose every `GET user/` is counted: a refresh told by the block/restore chart shows up. */
function countingSession() {
  const checks = { count: 0 };
  const curator = user();
  const logic = sessionMachine.provide({
    actors: {
      fetchSession: fromPromise<User | null>(async () => {
        checks.count += 1;
        return curator;
      }),
      fetchCapabilities: offersAll(),
    },
  });
  return { logic, checks };
}

function renderToggle(
  props: Partial<StatusToggleProps> = {},
  actors: Record<string, AnyActorLogic> = {},
  session = countingSession(),
) {
  const logic = blockRestoreMachine.provide({
    actors: {
      fetchPrivilegedLock: fromPromise(async () => paidLock),
      signing: fromPromise(async () => signed),
      applyBlock: fromPromise(async () => allAccepted),
      ...actors,
    } as never,
  });
  const all: StatusToggleProps = {
    status: 'A',
    profileType: 15,
    sn: '901234567',
    ban: '100457732',
    impersonating: false,
    ...props,
  };
  return render(
    <TestProviders fakes={{ session: session.logic }}>
      <button type="button">before</button>
      <WithFakes fakes={{ blockRestore: logic }}>
        <StatusToggle {...all} />
      </WithFakes>
    </TestProviders>,
  );
}

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('ru'));
});

describe('StatusToggle', () => {
  it.each([
    ['A', 15, false, 'Заблокировать'],
    ['O', 20, false, 'Заблокировать'],
    ['S', 5, false, 'Разблокировать'],
  ])('status %s, type %i: the button reads %s', (status, profileType, inProcess, label) => {
    renderToggle({ status, profileType, pending: inProcess ? 'block' : null });

    expect(screen.getByTestId('status-toggle').textContent).toBe(label);
  });

  it('shows the in-process message instead of a button', () => {
    renderToggle({ status: 'A', sn: '901234567', pending: 'block' });

    expect(screen.queryByTestId('status-toggle')).toBeNull();
    expect(screen.getByRole('note').textContent).toBe(i18n.getFixedT('ru')('blockRestore.alreadyInProcess'));
  });

  it.each([
    ['block', null, 'ux.block.accountInProcess'],
    ['restore', null, 'ux.block.accountRestoreInProcess'],
    ['restore', '901234567', 'ux.block.numberRestoreInProcess'],
  ] as const)('a waiting %s of %s says so after a reload (U9)', (pending, sn, key) => {
    renderToggle({ status: pending === 'block' ? 'A' : 'S', sn, pending });

    expect(screen.queryByTestId('status-toggle')).toBeNull();
    expect(screen.getByRole('note').textContent).toBe(i18n.getFixedT('ru')(key));
  });

  it.each([
    ['A', 16],
    ['N', 5],
    ['T', 5],
  ])('renders nothing for status %s of type %i', (status, profileType) => {
    const { container } = renderToggle({ status, profileType });

    expect(container.querySelector('[data-testid^="status-toggle"]')).toBeNull();
  });

  it('works with the keyboard only: Enter opens the confirmation with the paid warning, Escape cancels', async () => {
    const user = userEvent.setup();
    renderToggle();

    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByTestId('status-toggle'));
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Подтвердите блокировку' });
    expect(screen.getByTestId('block-restore-price').textContent).toBe(
      'Блокировка платная: 12\u00a0500,50\u00a0сум за номер в месяц.',
    );
    screen.getByTestId('block-restore-confirm-button').focus();
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.getByTestId('block-restore').dataset.state).toBe('cancelled'));
    expect(dialog.textContent).toContain('Вы отменили действие');
    // the button that had the focus is gone: the focus moves into the 'Отменено' result, not to <body>
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Отменено' })),
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    // and back to the toggle that opened the flow when it closes
    expect(document.activeElement).toBe(screen.getByTestId('status-toggle'));
  });

  it('names the account, its company, its active numbers and the price per number and in total (U7)', async () => {
    const user = userEvent.setup();
    renderToggle({ sn: null, ban: '100234561', companyName: 'Toshkent Savdo Invest MChJ' });

    await user.click(screen.getByTestId('status-toggle'));
    await screen.findByTestId('block-restore-confirm-button');

    expect(screen.getByRole('dialog', { name: 'Подтвердите блокировку' })).toBeTruthy();
    expect(screen.getByTestId('block-restore-subject').textContent).toBe(
      'Заблокировать лицевой счёт 100234561 компании «Toshkent Savdo Invest MChJ»?',
    );
    expect(screen.getByTestId('block-restore-count').textContent).toBe(
      'Будут заблокированы все активные номера счёта: 9\u00a0603. Расторгнутые, предварительные и уже заблокированные номера не изменятся.',
    );
    expect(screen.getByTestId('block-restore-price').textContent).toBe(
      'Блокировка платная: 12\u00a0500,50\u00a0сум за номер в месяц; за 9\u00a0603 — 120\u00a0042\u00a0301,50\u00a0сум в месяц.',
    );
    // one order for every confirmation: Cancel first, then the action
    const buttons = screen.getAllByRole('button').filter((b) => b.closest('.modal__actions'));
    expect(buttons.map((b) => b.dataset.testid)).toEqual([
      'block-restore-cancel',
      'block-restore-confirm-button',
    ]);
  });

  it('reports terminated and tentative numbers apart from failed ones (U7)', async () => {
    const user = userEvent.setup();
    renderToggle(
      { sn: null, ban: '100234561' },
      {
        applyBlock: fromPromise(async () => ({
          failedNumbers: [],
          acceptedNumbers: ['901234567'],
          skippedNumbers: [
            { sn: '901234569', reason: 'terminated' },
            { sn: '901234570', reason: 'tentative' },
          ],
          companyInfo: null,
        })),
      },
    );

    await user.click(screen.getByTestId('status-toggle'));
    await user.click(await screen.findByTestId('block-restore-confirm-button'));

    const skipped = await screen.findByTestId('block-restore-skipped');
    expect(screen.queryByText('Произошла ошибка с номерами')).toBeNull();
    expect(skipped.textContent).toContain('расторгнутые номера: 1');
    expect(screen.getByTestId('block-restore-skipped-terminated').textContent).toBe(
      onScreen('+998 90 123 45 69'),
    );
    expect(screen.getByTestId('block-restore-skipped-tentative').textContent).toBe(
      onScreen('+998 90 123 45 70'),
    );
    expect(screen.getByTestId('block-restore-accepted-count').textContent).toBe('Приняты номера: 1');
  });

  it('says a privileged block is free', async () => {
    const user = userEvent.setup();
    renderToggle({}, { fetchPrivilegedLock: fromPromise(async () => privilegedLock) });

    await user.click(screen.getByTestId('status-toggle'));

    expect((await screen.findByTestId('block-restore-free')).textContent).toBe('Блокировка бесплатная.');
  });

  it('blocks: success text, the document event, and on close the session reloads the profile', async () => {
    const user = userEvent.setup();
    const documents: DocumentCreateEvent[] = [];
    const session = countingSession();
    renderToggle({ onDocumentCreate: (e) => documents.push(e) }, {}, session);
    await waitFor(() => expect(session.checks.count).toBe(1));

    await user.click(screen.getByTestId('status-toggle'));
    await user.click(await screen.findByTestId('block-restore-confirm-button'));
    await screen.findByText('Активация услуги вступит в силу после 00:00');
    await user.click(screen.getByTestId('block-restore-close'));

    expect(documents.map((d) => d.companyInfo?.companyTin)).toEqual([allAccepted.companyInfo?.companyTin]);
    // told through the actor system, not by the view: the session re-reads the user (GET user/ once more)
    await waitFor(() => expect(session.checks.count).toBe(2));
  });

  it('restores a type-20 number without signing and shows the 5-10 minutes note', async () => {
    const user = userEvent.setup();
    const signing = vi.fn(async () => signed);
    renderToggle({ status: 'S', profileType: 20, sn: '911002030' }, { signing: fromPromise(signing) });

    await user.click(screen.getByTestId('status-toggle'));
    await user.click(await screen.findByTestId('block-restore-confirm-button'));

    expect(await screen.findByText(/5–10 минут/)).toBeTruthy();
    expect(signing).not.toHaveBeenCalled();
  });

  it('lists failed and accepted numbers in the one format of the portal (+998 90 123 45 68)', async () => {
    const user = userEvent.setup();
    renderToggle({}, { applyBlock: fromPromise(async () => someFailed) });

    await user.click(screen.getByTestId('status-toggle'));
    await user.click(await screen.findByTestId('block-restore-confirm-button'));

    const failed = await screen.findByTestId('block-restore-failed-numbers');
    expect(failed.textContent).toBe(onScreen('+998 90 123 45 68'));
    expect(screen.getByRole('alert').textContent).toBe('Произошла ошибка с номерами');
    expect(screen.getByTestId('block-restore-accepted').textContent).toBe(onScreen('+998 90 123 45 67'));
  });

  it('lists 50 numbers and counts the rest', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 60 }, (_, i) => String(901000000 + i));
    renderToggle({}, { applyBlock: fromPromise(async () => ({ ...someFailed, failedNumbers: many })) });

    await user.click(screen.getByTestId('status-toggle'));
    await user.click(await screen.findByTestId('block-restore-confirm-button'));

    const list = await screen.findByTestId('block-restore-failed-numbers');
    expect(list.querySelectorAll('li')).toHaveLength(50);
    expect(screen.getByText('Ещё номеров: 10')).toBeTruthy();
  });

  it("shows the server's reason of a failed restore", async () => {
    const user = userEvent.setup();
    const failure = new ApiFailure({ kind: 'server', code: 'E007', description: 'номер в архиве' });
    renderToggle(
      { status: 'S' },
      {
        applyBlock: fromPromise(async () => {
          throw failure;
        }),
      },
    );

    await user.click(screen.getByTestId('status-toggle'));
    await user.click(await screen.findByTestId('block-restore-confirm-button'));

    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Разблокировка номера невозможна\. Причина - /,
    );
  });

  it('shows the signing panel of the real child: the password prompt with the key, then a wrong password', async () => {
    const user = userEvent.setup();
    let rejectSign: (e: unknown) => void = () => {};
    const signingLogic = signingMachine.provide({
      actors: {
        fetchTaxId: fromPromise<TaxIdResult, { impersonating: boolean }>(async () => ({ tin: SIGNER_TIN })),
        fetchChallenge: fromPromise<ChallengeOutcome, { action: SigningAction; targets: SigningTargets }>(
          async () => ({ challenge: 'c2lnbmluZy1jaGFsbGVuZ2U' }),
        ),
        openModule: fromPromise<ListedKey[]>(async () => [validKey]),
        signWithKey: fromPromise<CreatedSignature, { key: ListedKey; data: string }>(
          () =>
            new Promise((_, reject) => {
              rejectSign = reject;
            }),
        ),
        verifySignature: fromPromise<VerifyOutcome, { pkcs7: string }>(() => new Promise(() => {})),
      },
    });
    renderToggle({}, { signing: signingLogic });

    await user.click(screen.getByTestId('status-toggle'));
    await user.click(await screen.findByTestId('block-restore-confirm-button'));
    const prompt = await screen.findByTestId('signing-password');
    expect(prompt.textContent).toContain('Введите пароль ключа в окне программы E-IMZO.');
    expect(screen.getByTestId('signing-key').textContent).toContain('ИНН 302145876');
    await act(async () => rejectSign(moduleErrors.badPassword));

    expect((await screen.findByRole('alert')).textContent).toBe('Пароль неверный.');
    expect(screen.getByTestId('signing-state').dataset.state).toBe('wrongPassword');
    await user.click(screen.getByTestId('signing-cancel'));
    await waitFor(() => expect(screen.getByTestId('block-restore').dataset.state).toBe('cancelled'));
  });

  it('speaks Uzbek after a language switch', async () => {
    const user = userEvent.setup();
    await act(() => i18n.changeLanguage('uz'));
    renderToggle();

    await user.click(screen.getByTestId('status-toggle'));

    expect(await screen.findByRole('dialog', { name: 'Bloklashni tasdiqlang' })).toBeTruthy();
    expect(screen.getByTestId('block-restore-price').textContent).toBe(
      'Bloklash pullik: har bir raqam uchun oyiga 12\u00a0500,50\u00a0soʻm.',
    );
  });

  it('cannot be dismissed while the request is being sent', async () => {
    const user = userEvent.setup();
    renderToggle({}, { applyBlock: never });

    await user.click(screen.getByTestId('status-toggle'));
    await user.click(await screen.findByTestId('block-restore-confirm-button'));
    await screen.findByText('Отправка заявки…');
    screen.getByTestId('block-restore').focus();
    await user.keyboard('{Escape}');

    expect(screen.getByTestId('block-restore').dataset.state).toBe('applying');
    expect(screen.queryByRole('button', { name: 'Закрыть' })).toBeNull();
  });
});

describe('eimzoClientOptions (composition root)', () => {
  it("reads the module's URL from the page's meta tag, else leaves the protocol default", () => {
    const meta = document.createElement('meta');
    meta.name = 'eimzo-url';
    meta.content = 'ws://127.0.0.1:19999/service/cryptapi';

    const without = eimzoClientOptions(document);
    document.head.append(meta);
    const withMeta = eimzoClientOptions(document);
    meta.remove();

    expect(without.url).toBeUndefined();
    expect(withMeta.url).toBe('ws://127.0.0.1:19999/service/cryptapi');
    expect(withMeta.apiKeys).toEqual(['localhost', 'portal-dev-key', '127.0.0.1', 'portal-dev-key']);
  });
});
