// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { i18n } from '@/i18n/i18n';
import { formatErrorMessage } from '@/i18n/messages';
import {
  type UserAdminContext as Ctx,
  type EditorRights,
  type UserAdminTarget,
  type UserField,
  userAdminMachine,
} from '@/machines/user-admin.machine';
import { selectUserAdminStatePath } from '@/machines/user-admin.selectors';
import { UserAdminContext } from '@/views/admin/admin.context';
import { UserFormPage } from '@/views/admin/user-form.view';
import { adminRights, operatorDetails } from '../machines/user-admin.payloads';
import { createDeferredActors } from '../support/fake-actors';
import { getModelTestEntry } from '../support/model-registry';
import { buildModelGraph, generateModelPaths } from '../support/paths';
import { TestProviders } from '../support/render-workflow';
import { settleInAct } from '../support/view-act';
import { performBy, type ViewDriver, type ViewStep, walkViewPath } from '../support/view-walk';

const t = i18n.getFixedT('ru');

interface Route {
  target: UserAdminTarget;
  editor: EditorRights;
  /** bumped to enter the same route again (navigating away and back) */
  visit: number;
}

/** Before the router has entered a page the chart waits; then the real page is mounted with the route's props. */
function Page({ route }: { route: Route | null }) {
  const statePath = UserAdminContext.useSelector(selectUserAdminStatePath);
  if (!route) return <section data-testid="user-admin" data-state={statePath} />;
  return <UserFormPage key={route.visit} target={route.target} editor={route.editor} />;
}

let setRoute: (r: Route) => void = () => {};
function Harness() {
  const [route, set] = useState<Route | null>(null);
  setRoute = set;
  return <Page route={route} />;
}

/** What the page must show in a state. */
function expectTexts(state: AnyMachineSnapshot) {
  const context = state.context as Ctx;
  if (state.matches('form')) {
    const creating = context.target?.mode === 'create';
    for (const field of ['full_name', 'role', 'phone', 'email'] as const) {
      // PRC1, written from the decision: staff type a staff account's contact, and of a client account only a new
      // subscriber's (R001) own number; a new client account's other contact is left out, an existing one's read-only
      const contact = field === 'phone' || field === 'email';
      const typed =
        context.kind !== 'subscriber' || (field === 'phone' && creating && context.form.role === 'R001');
      if (contact && !typed && creating) {
        expect(screen.queryByTestId(`field-${field}`)).toBeNull();
        continue;
      }
      const input = screen.getByTestId(`field-${field}`) as HTMLInputElement;
      expect(input.value).toBe(context.form[field]);
      if (contact)
        expect(input.readOnly).toBe(
          !typed || state.matches({ form: 'saving' }) || state.matches({ form: 'created' }),
        );
    }
    const login = screen.getByTestId('field-user_name') as HTMLInputElement;
    expect(login.readOnly).toBe(
      !creating || state.matches({ form: 'saving' }) || state.matches({ form: 'created' }),
    );
    expect(login.value).toBe(context.form.user_name);
    expect(screen.queryByTestId('field-ban') !== null).toBe(context.kind === 'subscriber');
    // the page names what it does: creating a subscriber or an administrator, or editing the user by login
    const heading = creating
      ? t(context.kind === 'subscriber' ? 'admin.createSubscriber' : 'admin.createAdmin')
      : t('admin.form.editTitle', { user: context.details?.user_name ?? '' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(heading);
    // the role list is the chart's (the roles the editor may grant, PRG3) after the blank choice; read-only when the
    // editor may not change the role, and nothing can be changed while the user is saved or once created
    const role = screen.getByTestId('field-role') as HTMLSelectElement;
    expect([...role.options].map((o) => o.value)).toEqual(['', ...context.roleField.options]);
    const locked = state.matches({ form: 'saving' }) || state.matches({ form: 'created' });
    expect(role.disabled).toBe(locked || !context.roleField.editable);
    const roleHint = document.getElementById(role.getAttribute('aria-describedby')?.split(' ')[0] ?? '');
    expect(roleHint?.textContent).toBe(
      t(context.roleField.editable ? 'admin.form.rolesHint' : 'admin.form.roleFixed'),
    );
    for (const [field, code] of Object.entries(context.fieldErrors)) {
      expect(screen.getByTestId(`field-error-${field}`).textContent).toBe(
        formatErrorMessage(t, code as string),
      );
    }
    if (context.details) {
      const place = screen.getByTestId('user-place').textContent ?? '';
      expect(place).toContain(context.details.branch?.name ?? '');
      for (const r of context.details.regions ?? []) expect(place).toContain(r.name ?? '');
    }
  }
  if (state.matches({ form: 'saveFailed' })) {
    expect(screen.getByTestId('user-admin-save-failed').textContent).toBe(t('errors.E135'));
  }
  if (state.matches({ form: 'saving' })) {
    expect((screen.getByTestId('user-admin-save') as HTMLButtonElement).disabled).toBe(true);
  }
  if (state.matches({ form: 'created' })) {
    expect(screen.getByTestId('user-admin-open-created').getAttribute('href')).toBe(
      `/administration/edit-user/${context.createdId}`,
    );
  }
  if (state.matches('loading') || state.matches('loadFailed')) {
    // before the user is read the page says only that a user is edited
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t('admin.edit'));
  }
  if (state.matches('loadFailed')) {
    expect(screen.getByTestId('user-admin-load-failed').textContent).toContain(
      formatErrorMessage(t, context.errorCode ?? 'unknown'),
    );
    expect(screen.getByRole('button', { name: t('app.retry') })).toBeTruthy();
  }
  if (state.matches('notFound')) {
    // U17: E014 is a page not found, with no retry
    expect(screen.getByTestId('not-found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: t('app.retry') })).toBeNull();
  }
}

function mount(options: { timeout?: number; broken?: boolean } = {}): ViewDriver {
  const deferred = createDeferredActors(userAdminMachine);
  render(
    <TestProviders>
      <Router hook={memoryLocation({ path: '/administration/creation/admin' }).hook}>
        <UserAdminContext.Provider logic={userAdminMachine.provide({ actors: deferred.actors })}>
          <Harness />
        </UserAdminContext.Provider>
      </Router>
    </TestProviders>,
  );
  const user = userEvent.setup();
  let visit = 0;
  const perform = performBy(
    {
      // the router entered the page (or only its parameter changed)
      'route.entered': async (event) => {
        const { target, editor } = event as EventObject & { target: UserAdminTarget; editor: EditorRights };
        visit += 1;
        await act(async () => setRoute({ target, editor, visit }));
      },
      'field.change': async (event) => {
        const { field, value } = event as EventObject & { field: UserField; value: string };
        const el = screen.getByTestId(`field-${field}`) as HTMLInputElement | HTMLSelectElement;
        if (el instanceof HTMLSelectElement) {
          // a role the editor may not grant is not offered, and a read-only role cannot be changed (PRG3): the user
          // cannot choose it, and the chart ignores the event: the view sends nothing
          if (el.disabled || ![...el.options].some((o) => o.value === value)) return [];
          // the list already shows the choice: the user picks another one first, then this one again (what the view
          // sends collapses to the last choice, the step's)
          if (el.value === value) {
            const other = [...el.options].find((o) => o.value !== value && !o.disabled);
            if (!other) return [];
            await user.selectOptions(el, other.value);
          }
          await user.selectOptions(el, value);
        } else if (el.readOnly) {
          // a read-only field (the login of an existing account) takes the keystrokes and changes nothing
          await user.type(el, value);
          expect(el.value).not.toBe(value);
          return [];
        } else {
          await user.clear(el);
          // a long text (a limit's boundary) is pasted, as a user would: typing it key by key only costs time
          if (value.length > 40) await user.paste(value);
          else await user.type(el, value);
        }
        return undefined;
      },
      'form.submit': () => user.click(screen.getByTestId('user-admin-save')),
      'load.retry': () => user.click(screen.getByRole('button', { name: t('app.retry') })),
      'form.restart': () => user.click(screen.getByRole('button', { name: t('admin.form.createAnother') })),
    },
    settleInAct(deferred),
  );
  return {
    perform,
    busy: [
      {
        // the user is saved: the form says it is busy and nothing in it can send again
        tag: 'busy',
        when: (state) => state.matches({ form: 'saving' }),
        controls: () => [screen.getByTestId('user-admin-save'), screen.getByTestId('field-role')],
        shown: () => expect(screen.getByTestId('user-admin-form').getAttribute('aria-busy')).toBe('true'),
      },
    ],
    expectState: (step: ViewStep) =>
      waitFor(
        () => {
          const root = screen.getByTestId('user-admin');
          const shown =
            options.broken && step.expected.dataState === 'form.invalid'
              ? 'form.editing'
              : root.dataset.state;
          expect(shown).toBe(step.expected.dataState);
          for (const id of step.expected.testIds) expect(screen.getByTestId(id)).toBeTruthy();
          expectTexts(step.state);
        },
        { timeout: options.timeout ?? 1000 },
      ),
  };
}

const paths = generateModelPaths(buildModelGraph(userAdminMachine, getModelTestEntry('userAdmin')));

afterEach(cleanup);

describe('user creation / editing view walk', () => {
  it.each(paths.map((p) => [p.description, p] as const))('shows each state along %s', async (_, path) => {
    const steps = await walkViewPath(userAdminMachine, path, mount());
    expect(steps).toBe(path.steps.length - 1);
  });

  it('catches a form that hides its field errors', async () => {
    const toInvalid = paths.find((p) => p.steps.some((s) => s.state.matches({ form: 'invalid' })));
    expect(toInvalid).toBeDefined();
    if (!toInvalid) return;
    await expect(
      walkViewPath(userAdminMachine, toInvalid, mount({ broken: true, timeout: 200 })),
    ).rejects.toThrow(/view did not show form.invalid/);
  });
});

describe('the form', () => {
  function renderPage(target: UserAdminTarget, editor: EditorRights = adminRights) {
    const deferred = createDeferredActors(userAdminMachine);
    render(
      <TestProviders>
        <Router hook={memoryLocation({ path: '/administration' }).hook}>
          <UserAdminContext.Provider logic={userAdminMachine.provide({ actors: deferred.actors })}>
            <UserFormPage target={target} editor={editor} />
          </UserAdminContext.Provider>
        </Router>
      </TestProviders>,
    );
    return deferred;
  }

  it('labels every field and says only employees may change proxy', () => {
    renderPage({ mode: 'create', kind: 'subscriber' }, { role: 'R003', employee: false });
    for (const key of ['login', 'name', 'role', 'ban', 'phone'] as const) {
      expect(screen.getByLabelText(t(`admin.fields.${key}`))).toBeTruthy();
    }
    const ban = screen.getByLabelText(t('admin.fields.ban')) as HTMLInputElement;
    expect(ban.readOnly).toBe(true);
    expect(ban.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(t('admin.proxyEmployeesOnly'))).toBeTruthy();
    // PRC1/PRC2: no address for a new client account; the subscriber's number, and where the link goes, are said
    expect(screen.queryByLabelText(t('admin.fields.email'))).toBeNull();
    expect(
      screen.getByText('Номер абонента этой компании: ссылка для активации придёт на него по SMS.'),
    ).toBeTruthy();
    expect(screen.getByTestId('user-admin-activation-hint').textContent).toMatch(
      /^Ссылку для активации получит контакт компании .*, а не адрес, введённый здесь/,
    );
  });

  it('shows a client account’s contact read-only, saying who changes it (PRC1)', async () => {
    const deferred = renderPage({ mode: 'edit', userId: '11' });
    await act(async () => {
      deferred.settle({
        type: 'xstate.done.actor.getUser',
        output: { ...operatorDetails, user_id: 11, user_name: 'curator', roles: ['R004'], ban: '100234561' },
      });
    });
    const email = screen.getByLabelText(t('admin.fields.email')) as HTMLInputElement;
    const phone = screen.getByLabelText(t('admin.fields.phone')) as HTMLInputElement;
    expect([email.readOnly, phone.readOnly]).toEqual([true, true]);
    expect(email.value).toBe('operator@example.uz');
    expect(screen.getAllByText(t('admin.form.clientContactsHint'))).toHaveLength(2);
    expect(t('admin.form.clientContactsHint')).toContain('владелец ключа ЭЦП компании');
  });

  it('shows the branch and regions of the edited user and an E136 refusal', async () => {
    const deferred = renderPage({ mode: 'edit', userId: '7' });
    await act(async () => {
      deferred.settle({ type: 'xstate.done.actor.getUser', output: operatorDetails });
    });
    expect(screen.getByTestId('user-place').textContent).toContain('Toshkent shahar filiali');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByTestId('field-role'), 'R009');
    await user.click(screen.getByTestId('user-admin-save'));
    await act(async () => {
      deferred.settle({ type: 'xstate.error.actor.saveUser', error: { code: 'E136' } });
    });
    expect(screen.getByRole('alert').textContent).toBe(t('errors.E136'));
  });
});
