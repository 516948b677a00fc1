// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type EventObject, fromPromise } from 'xstate';
import { FEATURES } from '@/domain/capabilities.rules';
import { i18n, setLanguage } from '@/i18n/i18n';
import { formatErrorMessage } from '@/i18n/messages';
import { type ContactValues, type SettingsError, settingsMachine } from '@/machines/settings.machine';
import { contactsOf } from '@/machines/settings.selectors';
import {
  createDraftStore,
  type DraftStorage,
  type DraftValues,
  draftKey,
} from '@/services/drafts/draft-store';
import {
  curatorContacts,
  curatorProfile,
  curatorUser,
  newCuratorUser,
  settingsInput,
} from '../machines/session.payloads';
import { getModelTestEntry } from '../support/model-registry';
import { buildModelGraph, generateModelPaths } from '../support/paths';
import { renderSessionApp, type SessionApp } from '../support/session.render';
import {
  expectPageHeading,
  performBy,
  type ViewDriver,
  type ViewStep,
  walkViewPath,
} from '../support/view-walk';

/**
 * The Settings chart walked through the real Settings page inside the real shell (signed in as a curator): tabs are
 * clicked, fields typed, forms submitted; calls answer through deferred fakes. After each step the page's
 * `data-state`, the states' test ids, the pending submit and the error texts must be on screen.
 */
const paths = generateModelPaths(buildModelGraph(settingsMachine, getModelTestEntry('settings')));

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await setLanguage('ru');
});
afterEach(cleanup);

async function settingsApp(user = curatorUser, opts: Parameters<typeof renderSessionApp>[1] = {}) {
  const app = renderSessionApp('/ru/settings', opts);
  await app.settle({ type: 'xstate.done.actor.fetchSession', output: user });
  await app.settle({ type: 'xstate.done.actor.fetchProfile', output: curatorProfile });
  await app.settle({ type: 'xstate.done.actor.fetchCapabilities', output: [...FEATURES] });
  await screen.findByTestId('settings');
  return app;
}

/** The submit button of one of the page's two forms. */
const formSubmit = (form: 'password' | 'contacts') =>
  within(screen.getByTestId(`settings-${form}`)).getByRole('button');

function driver(app: SessionApp, timeout = 3000): ViewDriver {
  const user = userEvent.setup();
  const tab = (key: string) => user.click(screen.getByTestId(`tab-${key}`));
  const perform = performBy(
    {
      'password.submit': async (e) => {
        const { current, password, confirm } = e as EventObject & Record<string, string>;
        await tab('password');
        const form = screen.getByTestId('settings-password') as HTMLFormElement;
        for (const [name, value] of Object.entries({ current, password, confirm })) {
          const input = form.elements.namedItem(name) as HTMLInputElement;
          await user.clear(input);
          // a long text (a limit's boundary) is pasted, as a user would: typing it key by key only costs time
          if (value && value.length > 40) await user.paste(value);
          else if (value) await user.type(input, value);
        }
        await user.click(within(form).getByRole('button', { name: 'Изменить пароль' }));
      },
      'contacts.change': async (e) => {
        const { field, value } = e as EventObject & { field: string; value: string };
        await tab('info');
        const form = screen.getByTestId('settings-contacts') as HTMLFormElement;
        fireEvent.change(form.elements.namedItem(field) as HTMLInputElement, { target: { value } });
      },
      'contacts.submit': async () => {
        await tab('info');
        const form = screen.getByTestId('settings-contacts');
        await user.click(within(form).getByRole('button', { name: 'Сохранить' }));
      },
    },
    app.settle,
  );
  return {
    perform,
    busy: [
      {
        // the password is changed: it cannot be sent again; its button says it is busy
        tag: 'passwordBusy',
        controls: () => [formSubmit('password')],
        shown: () => {
          expect(formSubmit('password').getAttribute('aria-busy')).toBe('true');
          expect(formSubmit('password').textContent).toBe(i18n.t('auth.pending'));
        },
      },
      {
        // the contacts are saved: they cannot be sent again; the button says it is busy
        tag: 'contactsBusy',
        controls: () => [formSubmit('contacts')],
        shown: () => {
          expect(formSubmit('contacts').getAttribute('aria-busy')).toBe('true');
          expect(formSubmit('contacts').textContent).toBe(i18n.t('auth.pending'));
        },
      },
    ],
    expectState: (step: ViewStep) =>
      waitFor(
        () => {
          const page = screen.getByTestId('settings');
          expect(page.dataset.state).toBe(step.expected.dataState);
          expectPageHeading(i18n.t('settings.title'));
          for (const id of step.expected.testIds)
            expect(within(page).getAllByTestId(id).length).toBeGreaterThan(0);
          const passwordForm = within(page).getByTestId('settings-password');
          const contactsForm = within(page).getByTestId('settings-contacts');
          const submitOf = (form: HTMLElement) =>
            form.querySelector('button[type="submit"]') as HTMLButtonElement;
          expect(submitOf(passwordForm).disabled).toBe(step.state.hasTag('passwordBusy'));
          expect(submitOf(contactsForm).disabled).toBe(
            step.state.hasTag('contactsBusy') || step.state.matches({ contacts: 'restoring' }),
          );
          const context = step.state.context as {
            contacts: { email: string; phone: string };
            passwordError: SettingsError<string> | null;
            contactsError: SettingsError<string> | null;
          };
          expect((contactsForm.querySelector('[name="email"]') as HTMLInputElement).value).toBe(
            context.contacts.email,
          );
          expect((contactsForm.querySelector('[name="phone"]') as HTMLInputElement).value).toBe(
            context.contacts.phone,
          );
          for (const [form, error] of [
            [passwordForm, context.passwordError],
            [contactsForm, context.contactsError],
          ] as const) {
            if (!error) continue;
            const shown = within(form).getByTestId(error.field ? `error-${error.field}` : 'form-error');
            expect(shown.textContent).toContain(formatErrorMessage(i18n.t, error.code));
          }
        },
        { timeout },
      ),
  };
}

describe('Settings chart through the real Settings page', () => {
  it('has paths to walk, starting from the same input the page builds', () => {
    expect(paths.length).toBeGreaterThan(5);
    expect(settingsInput.draftKey).toBe(draftKey({ user: 'curator', path: '/settings', form: 'contacts' }));
    expect(settingsInput.contacts).toEqual(curatorContacts);
    expect(contactsOf(curatorProfile)).toEqual(curatorContacts);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const app = await settingsApp();

    const steps = await walkViewPath(settingsMachine, path, driver(app));

    expect(steps).toBe(path.steps.length - 1);
  });
});

/** An in-memory sessionStorage stand-in shared by two renders (before and after an expiry). */
function sharedStorage(): DraftStorage {
  const data = new Map<string, string>();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => {
      data.set(k, v);
    },
    removeItem: (k) => {
      data.delete(k);
    },
    get length() {
      return data.size;
    },
    key: (i) => [...data.keys()][i] ?? null,
  };
}

describe('Settings page: what the walk does not assert', () => {
  it('opens on the information tab, with the user’s login and role', async () => {
    await settingsApp();

    expect(screen.getByTestId('tab-info').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('settings-info').textContent).toContain('curator');
    expect(screen.getByTestId('settings-info').textContent).toContain('Куратор (R004)');
  });

  it('keeps a curator who must change the password on the password tab, without the contact form', async () => {
    await settingsApp(newCuratorUser);

    expect(screen.getByTestId('tab-password').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('settings-must-change').textContent).toBe(i18n.t('settings.mustChange'));
    expect(screen.queryByTestId('settings-contacts')).toBeNull();
    expect(screen.getAllByRole('link').filter((a) => a.dataset.testid?.startsWith('nav-'))).toHaveLength(1);
  });

  it('restores typed contact data from the draft store after an expiry and a new sign-in', async () => {
    const store = createDraftStore(sharedStorage());
    const withStore = () =>
      settingsMachine.provide({
        actors: {
          restoreDraft: fromPromise<DraftValues | null, { key: string | null }>(async ({ input }) =>
            input.key ? store.read(input.key) : null,
          ),
        },
        actions: {
          saveDraft: (_, p: { key: string | null; values: ContactValues }) => {
            if (p.key) store.save(p.key, { ...p.values });
          },
        },
      });
    await settingsApp(curatorUser, { settingsLogic: withStore });
    fireEvent.change(screen.getByLabelText('Электронная почта', { selector: 'input' }), {
      target: { value: 'typed@savdo.uz' },
    });
    cleanup();

    await settingsApp(curatorUser, { settingsLogic: withStore });

    await waitFor(() =>
      expect(
        (screen.getByLabelText('Электронная почта', { selector: 'input' }) as HTMLInputElement).value,
      ).toBe('typed@savdo.uz'),
    );
  });

  it('after a forced change, the session is told and lands by the rule', async () => {
    const app = await settingsApp(newCuratorUser);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Текущий пароль'), 'Temp-2026');
    await user.type(screen.getByLabelText('Новый пароль'), 'NewPass-2026');
    await user.type(screen.getByLabelText('Повторите новый пароль'), 'NewPass-2026');
    await user.click(screen.getByRole('button', { name: 'Изменить пароль' }));

    await app.settle({ type: 'xstate.done.actor.changePassword', output: undefined });
    await app.settle({
      type: 'xstate.done.actor.fetchSession',
      output: { ...newCuratorUser, force_change_password: false },
    });
    await app.settle({ type: 'xstate.done.actor.fetchProfile', output: curatorProfile });
    await app.settle({ type: 'xstate.done.actor.fetchCapabilities', output: [...FEATURES] });

    await waitFor(() => expect(app.location.history?.at(-1)).toBe('/ru/profile'));
  });
});
