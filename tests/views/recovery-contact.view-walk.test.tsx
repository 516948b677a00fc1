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
import {
  type CompanyAccounts,
  recoveryContactMachine,
  type SaveContactResult,
} from '@/machines/recovery-contact.machine';
import { RecoveryContactContext } from '@/views/recovery-contact/recovery-contact.context';
import { RecoveryContactView } from '@/views/recovery-contact/recovery-contact.view';
import { navoiyAccounts, recoveryContactModelEntry } from '../machines/recovery-contact.payloads';
import { createDeferredActors } from '../support/fake-actors';
import { buildModelGraph, generateModelPaths } from '../support/paths';
import { TestProviders } from '../support/render-workflow';
import { settleInAct } from '../support/view-act';
import {
  expectPageHeading,
  performBy,
  type ViewDriver,
  type ViewStep,
  walkViewPath,
} from '../support/view-walk';

const t = i18n.getFixedT('ru');

/**
 * `+998 90 123 45 67` written out from the stored digits, not through the view's formatter, with spaces that do not
 * break: the number is one word wherever the page puts it in a sentence or a narrow card.
 */
const spaced = (p: string) => {
  const n = p.slice(-9);
  return ['+998', n.slice(0, 2), n.slice(2, 5), n.slice(5, 7), n.slice(7)].join('\u00a0');
};

/** What the contact column says, written from PRC3: own e-mail and/or phone, else the company's contact. */
function contactOf(a: { email: string | null; phone: string | null }): string {
  if (a.email && a.phone) return `${a.email} и ${spaced(a.phone)}`;
  if (a.email) return a.email;
  if (a.phone) return spaced(a.phone);
  return 'Своего контакта нет — на контакт компании';
}

interface Seen {
  accounts: CompanyAccounts | null;
  values: { email: string; phone: string } | null;
  saved: SaveContactResult | null;
  error: unknown;
}

/**
 * What the page shows in each state, from the fakes' answers and the typed values (not from the chart's context):
 * every account with its login and where its link goes; the form's messages; the failure's text; the result with the
 * login, the new contact and, for a pending account, the activation note.
 */
function expectTexts(state: AnyMachineSnapshot, seen: Seen) {
  const leaf = String(state.value);
  if (leaf === 'choosing' && seen.accounts) {
    const table = screen.getByTestId('recovery-contact-list');
    expect(within(table).getAllByRole('row')).toHaveLength(seen.accounts.accounts.length + 1);
    for (const a of seen.accounts.accounts) {
      expect(within(screen.getByTestId(`recovery-account-${a.login}`)).getByText(a.login)).toBeTruthy();
      expect(screen.getByTestId(`recovery-account-${a.login}-contact`).textContent).toBe(contactOf(a));
      expect(screen.getByRole('button', { name: `Изменить контакт пользователя ${a.login}` })).toBeTruthy();
    }
  }
  const onForm = ['editing', 'invalid', 'signing', 'saving', 'saveFailed'].includes(leaf);
  expect(screen.queryByTestId('recovery-contact-form') !== null).toBe(onForm);
  // the fields can be typed into only while the form is open for typing; during signing it shows what is signed
  if (onForm) {
    const editable = leaf === 'editing' || leaf === 'invalid';
    expect((screen.getByTestId('recovery-contact-email') as HTMLInputElement).readOnly).toBe(!editable);
    expect(screen.queryByTestId('recovery-contact-submit') !== null).toBe(editable);
  }
  if (leaf === 'invalid')
    expect(screen.getByTestId('recovery-contact-invalid').textContent).toBe('Заполните все поля корректно');
  else expect(screen.queryByTestId('recovery-contact-invalid')).toBeNull();
  if (leaf === 'loadFailed')
    expect(screen.getByTestId('recovery-contact-load-failed').textContent).toContain(
      `Не удалось загрузить пользователей компании. ${formatErrorMessage(t, (seen.error as { code: string }).code)}`,
    );
  if (leaf === 'saveFailed')
    expect(screen.getByTestId('recovery-contact-save-failed').textContent).toContain('Контакт не изменён.');
  if (leaf === 'done' && seen.values) {
    const text = screen.getByTestId('recovery-contact-done').textContent ?? '';
    const email = seen.values.email.trim();
    const digits = seen.values.phone.replace(/\D/g, '');
    const written = email !== '' ? email : spaced(digits.length === 9 ? `998${digits}` : digits);
    expect(text).toContain(`ссылка для восстановления пароля теперь придёт на ${written}`);
    expect(screen.queryByTestId('recovery-contact-activation') !== null).toBe(
      seen.saved?.activationSent === true,
    );
  }
  // the way back to Settings is always there
  expect(screen.getByTestId('recovery-contact-to-settings').getAttribute('href')).toBe('/settings');
}

function mount(): ViewDriver {
  const deferred = createDeferredActors(recoveryContactMachine);
  const location = memoryLocation({ path: '/settings/users' });
  const seen: Seen = { accounts: null, values: null, saved: null, error: null };
  render(
    <I18nextProvider i18n={i18n}>
      <Router hook={location.hook}>
        <TestProviders>
          <RecoveryContactContext.Provider
            logic={recoveryContactMachine.provide({ actors: deferred.actors })}
          >
            <RecoveryContactView />
          </RecoveryContactContext.Provider>
        </TestProviders>
      </Router>
    </I18nextProvider>,
  );
  const user = userEvent.setup();
  const settle = settleInAct(deferred);
  const typeInto = async (testId: string, value: string) => {
    const input = screen.getByTestId(testId) as HTMLInputElement;
    await user.clear(input);
    // a long text (a limit's boundary) is pasted, as a user would: typing it key by key only costs time
    if (value.length > 40) await user.paste(value);
    else if (value !== '') await user.type(input, value);
  };
  const perform = performBy(
    {
      'account.choose': async (e) => {
        const id = (e as EventObject & { userId: string }).userId;
        const login = seen.accounts?.accounts.find((a) => a.userId === id)?.login;
        // an account the list does not hold has no button to press: nothing happens
        if (!login) return [];
        await user.click(screen.getByTestId(`recovery-account-${login}-change`));
        return undefined;
      },
      'form.submit': async (e) => {
        const values = (e as EventObject & { values: { email: string; phone: string } }).values;
        seen.values = values;
        await typeInto('recovery-contact-email', values.email);
        await typeInto('recovery-contact-phone', values.phone);
        await user.click(screen.getByTestId('recovery-contact-submit'));
        // an e-mail field holds what was typed without the spaces around it (HTML's value sanitization)
        return [{ type: 'form.submit', values: { email: values.email.trim(), phone: values.phone } }];
      },
      'form.cancel': () => user.click(screen.getByTestId('recovery-contact-cancel')),
      'form.back': () => user.click(screen.getByTestId('recovery-contact-back')),
      'load.retry': () => user.click(screen.getByTestId('recovery-contact-load-failed-retry')),
      'done.close': () => user.click(screen.getByTestId('recovery-contact-close')),
    },
    (event: EventObject) => {
      if (event.type === 'xstate.done.actor.fetchAccounts')
        seen.accounts = (event as { output?: CompanyAccounts }).output ?? null;
      if (event.type === 'xstate.done.actor.saveContact')
        seen.saved = (event as { output?: SaveContactResult }).output ?? null;
      if (event.type.startsWith('xstate.error.actor.')) seen.error = (event as { error?: unknown }).error;
      return settle(event);
    },
  );
  return {
    perform,
    busy: [
      {
        // the accounts are read: no account can be chosen yet, no retry of a read that runs; the page says it loads
        tag: 'busy',
        when: (state) => state.matches('loading'),
        controls: () => [
          ...screen.queryAllByRole('button', { name: t('app.retry') }),
          ...document.querySelectorAll('[data-testid^="recovery-account-"][data-testid$="-change"]'),
        ],
        shown: () => {
          const loading = screen.getByTestId('recovery-contact-loading');
          expect(loading.getAttribute('aria-busy')).toBe('true');
          expect(loading.textContent).toBe(t('recoveryContact.loading'));
        },
      },
      {
        // the signed contact is sent (the server takes a signature once): nothing can submit, cancel, go back or
        // choose another account, and the contact sent cannot be typed over; the form says it saves
        tag: 'busy',
        when: (state) => state.matches('saving'),
        controls: () => [
          ...screen.queryAllByTestId('recovery-contact-submit'),
          ...screen.queryAllByTestId('recovery-contact-cancel'),
          ...screen.queryAllByTestId('recovery-contact-back'),
          ...document.querySelectorAll('[data-testid^="recovery-account-"][data-testid$="-change"]'),
        ],
        shown: () => {
          expect(screen.getByTestId('recovery-contact-form').getAttribute('aria-busy')).toBe('true');
          expect(screen.getByTestId('recovery-contact-saving').textContent).toBe(t('recoveryContact.saving'));
          for (const id of ['recovery-contact-email', 'recovery-contact-phone'])
            expect(
              (screen.getByTestId(id) as HTMLInputElement).readOnly,
              `${id} read-only while saving`,
            ).toBe(true);
        },
      },
    ],
    expectState: (step: ViewStep) =>
      waitFor(() => {
        expect(screen.getByTestId('page-recoveryContact').dataset.state).toBe(step.expected.dataState);
        expectPageHeading(t('recoveryContact.title'));
        for (const id of step.expected.testIds) expect(screen.getByTestId(id)).toBeTruthy();
        expectTexts(step.state, seen);
      }),
  };
}

const paths = generateModelPaths(buildModelGraph(recoveryContactMachine, recoveryContactModelEntry));

afterEach(cleanup);

describe('recovery-contact view walk', () => {
  it('walks paths that together show every state of the page', () => {
    const seen = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect(Object.keys(recoveryContactMachine.root.states).filter((s) => !seen.has(s))).toEqual([]);
    expect(navoiyAccounts.accounts.length).toBeGreaterThan(1);
  });

  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i shows each state along %s',
    async (_, __, path) => {
      const steps = await walkViewPath(recoveryContactMachine, path, mount());
      expect(steps).toBe(path.steps.length - 1);
    },
  );
});
