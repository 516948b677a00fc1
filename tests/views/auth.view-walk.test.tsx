// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { FEATURES } from '@/domain/capabilities.rules';
import { i18n, setLanguage } from '@/i18n/i18n';
import { formatErrorMessage } from '@/i18n/messages';
import { type AuthError, authFlowMachine, LINK_USED_CODE } from '@/machines/auth-flow.machine';
import { ApiFailure } from '@/services/api/api-error';
import { AUTH, curatorProfile, curatorUser } from '../machines/session.payloads';
import { getModelTestEntry } from '../support/model-registry';
import { buildModelGraph, generateModelPaths } from '../support/paths';
import { renderSessionApp, type SessionApp } from '../support/session.render';
import { performBy, type ViewDriver, type ViewStep, walkViewPath } from '../support/view-walk';

/**
 * The Auth flow walked through the real Auth pages inside the real shell: pages are opened by address, forms are
 * typed into and submitted with the keyboard and mouse, calls answer through deferred fakes. After each step the
 * page's `data-state`, the state's test id, the pending state (submit disabled) and the error text (at its field,
 * or for the form, through i18n) must be on screen; after a failed submit focus is on the problem.
 */
const paths = generateModelPaths(buildModelGraph(authFlowMachine, getModelTestEntry('authFlow')));

beforeEach(async () => {
  localStorage.clear();
  await setLanguage('ru');
});
afterEach(cleanup);

async function signedOutApp(path = '/ru/login'): Promise<SessionApp> {
  const app = renderSessionApp(path);
  await app.settle({ type: 'xstate.done.actor.fetchSession', output: null });
  await screen.findByTestId('auth-page');
  return app;
}

const SUBMITS = new Set([
  'login.submit',
  'register.submit',
  'check.submit',
  'code.resend',
  'forgot.submit',
  'restore.submit',
]);

function driver(app: SessionApp, timeout = 3000): ViewDriver {
  const user = userEvent.setup();
  const form = () => screen.getByTestId('auth-page').querySelector('form') as HTMLFormElement;
  const fill = async (values: Record<string, string>) => {
    for (const [name, value] of Object.entries(values)) {
      const input = form().elements.namedItem(name) as HTMLInputElement;
      await user.clear(input);
      if (value !== '') await user.type(input, value);
    }
  };
  const submit = () => user.click(within(form()).getByTestId('auth-submit'));
  const fields = (e: EventObject) => {
    const { type: _type, ...values } = e as EventObject & Record<string, string>;
    return values;
  };
  const fillAndSubmit = async (e: EventObject) => {
    await fill(fields(e));
    await submit();
  };
  const perform = performBy(
    {
      'page.open': async (e) => {
        const { page, r } = e as EventObject & { page: string; r?: string | null };
        const address = `/ru/${page}${r ? `?r=${r}` : ''}`;
        const before = app.location.history?.at(-1);
        await act(async () => app.location.navigate(address));
        // the page tells the flow which page a new address names, with the link's token or none; the same address
        // again is no news (the page said it when it was shown)
        return before === address ? [] : [{ type: 'page.open', page, r: r || null }];
      },
      'login.submit': fillAndSubmit,
      'register.submit': fillAndSubmit,
      'check.submit': fillAndSubmit,
      'forgot.submit': async (e) => {
        await fill(fields(e));
        // while E138's countdown runs the submit is disabled: the user cannot ask, the chart ignores the event
        if ((within(form()).getByTestId('auth-submit') as HTMLButtonElement).disabled) return [];
        await submit();
        return undefined;
      },
      'restore.submit': fillAndSubmit,
      'code.resend': async (e) => {
        await fill(fields(e));
        const button = screen.getByTestId('auth-resend') as HTMLButtonElement;
        // while E138's countdown runs the button is disabled: the user cannot ask, the chart ignores the event
        if (button.disabled) return [];
        await user.click(button);
        return undefined;
      },
      // E138's countdown: one second of the system's simulated clock
      'xstate.after.1000.authFlow.check.editing': () => app.advance(1000),
      'xstate.after.1000.authFlow.forgot.editing': () => app.advance(1000),
    },
    app.settle,
  );
  return {
    perform,
    // the page tells the flow the page its address names, also when the flow moved to another page itself
    sentByItself: ['page.open'],
    busy: [
      {
        // a login, registration, code, resend, recovery link or new password is sent (or the link checked): the form
        // cannot send it again, nor a code be resent; its submit button says it is busy
        tag: 'busy',
        controls: () => [
          ...screen.queryAllByTestId('auth-submit'),
          ...screen.queryAllByTestId('auth-resend'),
        ],
        shown: () => {
          const submit = screen.getByTestId('auth-submit');
          expect(submit.getAttribute('aria-busy')).toBe('true');
          expect(submit.textContent).toBe(i18n.t('auth.pending'));
        },
      },
    ],
    expectState: (step: ViewStep) =>
      waitFor(
        () => {
          if (step.expected.dataState === 'signedIn') {
            // the flow ended: the session took over and shows the signed-in layout
            expect(screen.getByTestId('header-signed-in')).toBeTruthy();
            return;
          }
          const page = screen.getByTestId('auth-page');
          expect(page.dataset.state).toBe(step.expected.dataState);
          for (const id of step.expected.testIds)
            expect(within(page).getAllByTestId(id).length).toBeGreaterThan(0);
          const submitButton = within(page).queryByTestId('auth-submit') as HTMLButtonElement | null;
          const linkWait = step.state.context.linkWait as number;
          const forgotPage = step.expected.dataState.startsWith('forgot');
          if (submitButton)
            expect(submitButton.disabled).toBe(step.state.hasTag('busy') || (forgotPage && linkWait > 0));
          const error = step.state.context.error as AuthError | null;
          if (error) {
            // RL1: a used link reads words of its own, not a catalogue code
            const text =
              error.code === LINK_USED_CODE
                ? i18n.t('auth.restore.linkUsed')
                : formatErrorMessage(i18n.t, error.code);
            const shown = within(page).getByTestId(error.field ? `error-${error.field}` : 'form-error');
            expect(shown.textContent).toContain(text);
            // a resend during the countdown was never sent (disabled button): focus stays where it was
            const ignoredResend =
              (step.event.type === 'code.resend' && (step.state.context.resendWait as number) > 0) ||
              (step.event.type === 'forgot.submit' && linkWait > 0);
            if (
              !ignoredResend &&
              (SUBMITS.has(step.event.type) || step.event.type.startsWith('xstate.error.actor.'))
            ) {
              const focused = document.activeElement as HTMLElement | null;
              if (error.field) expect(focused?.getAttribute('name')).toBe(error.field);
              else expect(focused?.dataset.testid).toBe('form-error');
            }
          } else {
            expect(within(page).queryByTestId('form-error')).toBeNull();
          }
          // E138: the resend button waits out the countdown, which is shown as m:ss
          const wait = step.state.context.resendWait as number;
          const resend = within(page).queryByTestId('auth-resend') as HTMLButtonElement | null;
          if (resend) expect(resend.disabled).toBe(wait > 0 || step.state.hasTag('busy'));
          const shownWait = within(page).queryByTestId('auth-resend-wait');
          if (wait > 0 && step.expected.dataState.startsWith('check'))
            expect(shownWait?.textContent).toBe(
              i18n.t('auth.check.resendWait', { time: `0:${String(wait).padStart(2, '0')}` }),
            );
          else expect(shownWait).toBeNull();
          // finding 24: the forgot page's own countdown, under its disabled submit
          const shownLinkWait = within(page).queryByTestId('auth-forgot-wait');
          if (linkWait > 0 && forgotPage)
            expect(shownLinkWait?.textContent).toBe(
              i18n.t('auth.forgot.wait', { time: `0:${String(linkWait).padStart(2, '0')}` }),
            );
          else expect(shownLinkWait).toBeNull();
        },
        { timeout },
      ),
  };
}

describe('Auth flow through the real Auth pages', () => {
  it('has paths to walk', () => {
    expect(paths.length).toBeGreaterThan(10);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const app = await signedOutApp();

    const steps = await walkViewPath(authFlowMachine, path, driver(app));

    expect(steps).toBe(path.steps.length - 1);
  });
});

describe('Auth pages: what the walk does not assert', () => {
  it('labels every field and submits with the keyboard only', async () => {
    const app = await signedOutApp();
    const user = userEvent.setup();

    await user.tab();
    await user.tab();
    while (document.activeElement?.getAttribute('name') !== 'login') await user.tab();
    await user.keyboard('curator');
    await user.tab();
    await user.keyboard('Demo-2026{Enter}');

    expect(app.authFakes.pending().map((p) => p.id)).toEqual(['logIn']);
    expect(screen.getByLabelText('Логин').getAttribute('name')).toBe('login');
    expect(screen.getByLabelText('Пароль').getAttribute('type')).toBe('password');
  });

  it('sends one login however often the button is pressed while pending', async () => {
    const app = await signedOutApp();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Логин'), 'curator');
    await user.type(screen.getByLabelText('Пароль'), 'Demo-2026');

    const button = screen.getByRole('button', { name: 'Войти' });
    await user.click(button);
    await user.click(screen.getByTestId('auth-submit'));
    await user.keyboard('{Enter}');

    expect(app.authFakes.pending().map((p) => p.id)).toEqual(['logIn']);
    expect(screen.getByTestId('auth-submit').textContent).toBe('Отправка…');
  });

  it('links the field error to its input (aria-describedby, aria-invalid)', async () => {
    await signedOutApp('/ru/register');
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Номер телефона'), '12');
    await user.click(screen.getByRole('button', { name: 'Получить код' }));

    const input = screen.getByLabelText('Номер телефона');
    const described = input.getAttribute('aria-describedby') ?? '';
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(described)?.textContent).toBe(i18n.t('validation.phone'));
    expect(document.activeElement).toBe(input);
  });

  it('offers the staff single sign-on with E132 and everywhere, opened in the same tab', async () => {
    const app = await signedOutApp();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Логин'), 'staff-sso');
    await user.type(screen.getByLabelText('Пароль'), 'x');
    await user.click(screen.getByRole('button', { name: 'Войти' }));

    await app.settle({
      type: 'xstate.error.actor.logIn',
      error: new ApiFailure({ kind: 'server', code: 'E132' }),
    });

    const box = await screen.findByTestId('form-error');
    expect(box.textContent).toContain(i18n.t('errors.E132'));
    const link = within(box).getByRole('link', { name: 'Войти как сотрудник' });
    expect(link.getAttribute('target')).toBeNull();
    expect(link.getAttribute('href')).toBe('/api/v1/adfs/initialise-authorization?lang=ru');
    expect(screen.getByTestId('auth-sso').getAttribute('href')).toBe(link.getAttribute('href'));
  });

  it.each([
    ['failed', 'auth.ssoFailed'],
    ['unavailable', 'auth.ssoUnavailable'],
  ] as const)('says what the single sign-on answered (?sso=%s) on the login page', async (answer, key) => {
    await signedOutApp(`/ru/login?sso=${answer}`);
    const notice = await screen.findByTestId('sso-notice');
    expect(notice.textContent).toBe(i18n.t(key));
    expect(notice.getAttribute('role')).toBe('alert');
  });

  it('shows no sign-on notice for anything else in ?sso=, nor on the other auth pages', async () => {
    await signedOutApp('/ru/login?sso=%3Cb%3E');
    await screen.findByTestId('auth-login');
    expect(screen.queryByTestId('sso-notice')).toBeNull();
  });

  it('replaces the sign-on notice with the form error once the form is tried', async () => {
    const app = await signedOutApp('/ru/login?sso=failed');
    const user = userEvent.setup();
    await screen.findByTestId('sso-notice');
    await user.type(screen.getByLabelText('Логин'), 'staff-sso');
    await user.type(screen.getByLabelText('Пароль'), 'x');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    await app.settle({
      type: 'xstate.error.actor.logIn',
      error: new ApiFailure({ kind: 'server', code: 'E132' }),
    });
    await screen.findByTestId('form-error');
    expect(screen.queryByTestId('sso-notice')).toBeNull();
  });

  it('moves to the SMS-code page after registering, with the phone filled in and "code sent"', async () => {
    const app = await signedOutApp('/ru/register');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Номер телефона'), AUTH.phone);
    await user.click(screen.getByRole('button', { name: 'Получить код' }));

    await app.settle({ type: 'xstate.done.actor.requestCode', output: undefined });

    await waitFor(() => expect(app.location.history?.at(-1)).toBe('/ru/check'));
    expect(screen.getByTestId('auth-code-sent').textContent).toBe(`Код отправлен на номер ${AUTH.phone}`);
    expect((screen.getByLabelText('Номер телефона') as HTMLInputElement).value).toBe(AUTH.phone);
  });

  it("keeps the restore link's r query and shows 'Пароли не совпадают'", async () => {
    const app = await signedOutApp(`/ru/restore?r=${AUTH.token}`);
    const user = userEvent.setup();
    await app.settle({ type: 'xstate.done.actor.checkRestoreLink', output: 'valid' });

    await user.type(screen.getByLabelText('Новый пароль', { selector: 'input' }), 'NewPass-2026');
    await user.type(screen.getByLabelText('Повторите пароль'), 'NewPass-2027');
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));

    expect(screen.getByTestId('error-confirm').textContent).toBe('Пароли не совпадают');
    expect(app.location.history?.at(-1)).toBe(`/ru/restore?r=${AUTH.token}`);
    await user.click(screen.getByTestId('lang-uz'));
    await waitFor(() => expect(app.location.history?.at(-1)).toBe(`/uz/restore?r=${AUTH.token}`));
  });

  it.each(['ru', 'uz'] as const)(
    'says a used link was used, in %s, with no password form and a way to a new link (RL1)',
    async (lang) => {
      const app = renderSessionApp(`/${lang}/restore?r=${AUTH.token}`);
      await app.settle({ type: 'xstate.done.actor.fetchSession', output: null });
      await screen.findByTestId('auth-page');
      expect(app.authFakes.pending().map((p) => p.id)).toEqual(['checkRestoreLink']);

      await app.settle({ type: 'xstate.done.actor.checkRestoreLink', output: 'used' });

      const t = i18n.getFixedT(lang);
      const refused = await screen.findByTestId('auth-link-refused');
      expect(within(refused).getByTestId('form-error').textContent).toContain(t('auth.restore.linkUsed'));
      expect(refused.querySelector('input')).toBeNull();
      expect(
        within(refused)
          .getByRole('link', { name: t('auth.restore.newLink') })
          .getAttribute('href'),
      ).toBe(`/${lang}/forgot`);
      expect(
        within(refused)
          .getByRole('link', { name: t('auth.backToLogin') })
          .getAttribute('href'),
      ).toBe(`/${lang}/login`);
    },
  );

  it('speaks Uzbek on /uz pages', async () => {
    await signedOutApp('/uz/login');

    expect(
      await screen.findByRole('heading', { name: i18n.getFixedT('uz')('auth.login.title') }),
    ).toBeTruthy();
    expect(screen.getByLabelText(i18n.getFixedT('uz')('auth.login.password'))).toBeTruthy();
  });

  it('sends a signed-in visitor of an Auth page to the landing page', async () => {
    const app = renderSessionApp('/ru/login');

    await app.settle({ type: 'xstate.done.actor.fetchSession', output: curatorUser });
    await app.settle({ type: 'xstate.done.actor.fetchProfile', output: curatorProfile });
    await app.settle({ type: 'xstate.done.actor.fetchCapabilities', output: [...FEATURES] });

    await waitFor(() => expect(app.location.history?.at(-1)).toBe('/ru/profile'));
  });
});
