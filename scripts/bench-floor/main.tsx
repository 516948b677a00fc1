/**
 * The floor of `npm run bench`: the smallest login page the portal's stack allows. It uses every library the real
 * login page needs (react, react-dom, xstate, @xstate/react, i18next, react-i18next, wouter, ofetch, zod) the way the
 * portal does, with one language's login texts and no code splitting beyond the portal's own chunk strategy, and is
 * built with the same rsbuild configuration. The portal's /ru/login is measured against it.
 */
import { createActorContext } from '@xstate/react';
import i18next from 'i18next';
import { ofetch } from 'ofetch';
import { createRoot } from 'react-dom/client';
import { initReactI18next, useTranslation } from 'react-i18next';
import { Route, Router, Switch } from 'wouter';
import { assign, fromPromise, setup } from 'xstate';
import { z } from 'zod';
import '../../src/app/app.css';
import '../../src/views/auth/auth.css';

/** The login page's own texts only (the app's typed keys, so `t()` type-checks the same way). */
const texts = {
  auth: {
    login: {
      title: 'Вход в личный кабинет',
      login: 'Логин',
      password: 'Пароль',
      submit: 'Войти',
      forgot: 'Забыли пароль?',
      register: 'Регистрация',
    },
  },
  errors: { E012: 'Неверный логин или пароль' },
};

void i18next.use(initReactI18next).init({
  resources: { ru: { translation: texts } },
  lng: 'ru',
  initAsync: false,
  interpolation: { escapeValue: false },
});

const User = z.object({ user_name: z.string(), roles: z.array(z.string()) });
type User = z.infer<typeof User>;

const loginMachine = setup({
  types: {
    context: {} as { error: string | null },
    events: {} as { type: 'login.submit'; login: string; password: string },
  },
  actors: {
    logIn: fromPromise<User, { login: string; password: string }>(async ({ input }) =>
      User.parse(await ofetch('/api/user/login', { method: 'POST', body: input })),
    ),
  },
}).createMachine({
  context: { error: null },
  initial: 'idle',
  states: {
    idle: { on: { 'login.submit': 'loggingIn' } },
    loggingIn: {
      invoke: {
        id: 'logIn',
        src: 'logIn',
        input: ({ event }) => ({ login: event.login, password: event.password }),
        onDone: 'done',
        onError: { target: 'idle', actions: assign({ error: 'failed' }) },
      },
    },
    done: {},
  },
});

const Login = createActorContext(loginMachine);

function LoginForm() {
  const { t } = useTranslation();
  const busy = Login.useSelector((s) => s.matches('loggingIn'));
  const error = Login.useSelector((s) => s.context.error);
  const actor = Login.useActorRef();
  return (
    <form
      className="form"
      noValidate
      aria-labelledby="login-title"
      data-testid="auth-login"
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        actor.send({
          type: 'login.submit',
          login: String(data.get('login') ?? ''),
          password: String(data.get('password') ?? ''),
        });
      }}
    >
      <h1 id="login-title">{t('auth.login.title')}</h1>
      {error ? <p role="alert">{t('errors.E012')}</p> : null}
      <div className="field">
        <label htmlFor="login">{t('auth.login.login')}</label>
        <input id="login" name="login" autoComplete="username" />
      </div>
      <div className="field">
        <label htmlFor="password">{t('auth.login.password')}</label>
        <input id="password" name="password" type="password" autoComplete="current-password" />
      </div>
      <button type="submit" className="btn" disabled={busy}>
        {t('auth.login.submit')}
      </button>
      <p className="auth-page__links">
        <a href="/ru/forgot">{t('auth.login.forgot')}</a>
        <a href="/ru/register">{t('auth.login.register')}</a>
      </p>
    </form>
  );
}

function App() {
  return (
    <Login.Provider>
      <Router>
        <Switch>
          <Route path="/:lang/login">
            <main id="main" className="main">
              <section className="page auth-page">
                <LoginForm />
              </section>
            </main>
          </Route>
        </Switch>
      </Router>
    </Login.Provider>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
