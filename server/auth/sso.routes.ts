import type { Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { DEFAULT_LANG, isLang, type Lang } from '../../src/domain/constants';
import { clientAddress, isHttps } from '../client-address';
import type { Services } from '../handler';
import type { SessionRow } from '../store/session.store';
import { createSsoStore, isSsoSecret, type SsoRefusal, sameSecret, ssoSecret } from '../store/sso.store';

/** Where the staff single sign-on starts (spec 7 "GET single-sign-on initialise-authorization"). */
export const SSO_INIT_ROUTE = '/api/v1/adfs/initialise-authorization';
/** Where the sign-on page sends the browser back with `code` and `state`. */
export const SSO_CALLBACK_ROUTE = '/api/v1/adfs/callback';
/** The browser's half of the state: httpOnly, SameSite=Lax (it must ride the top-level navigation back from the
 *  sign-on page), sent to the callback only. */
export const SSO_STATE_COOKIE = 'sso_state';
const STATE_COOKIE_SECONDS = 10 * 60;
const COOKIE_PATH = '/api/v1/adfs/';

/** The portal's callback address the sign-on page redirects to: the configured origin, never one from a request. */
export const ssoCallbackUrl = (svc: Services, code: string, state: string) =>
  `${svc.config.publicOrigin}${SSO_CALLBACK_ROUTE}?${new URLSearchParams({ code, state })}`;

/** Over https (or behind a trusted proxy that says so) the cookie is Secure, as the session cookie is. */
const isSecure = (c: Context, svc: Services) => isHttps(c, svc.config.trustProxy);

const langOf = (v: string | undefined): Lang => (v && isLang(v) ? v : DEFAULT_LANG);

/** The cookie holds `<lang>.<state>`: the language the flow started in and the state the code must be bound to. */
function readStateCookie(c: Context): { lang: Lang; state: string | undefined } {
  const raw = getCookie(c, SSO_STATE_COOKIE) ?? '';
  const dot = raw.indexOf('.');
  const state = raw.slice(dot + 1);
  return { lang: langOf(raw.slice(0, dot)), state: dot > 0 && isSsoSecret(state) ? state : undefined };
}

/**
 * The portal's half of the staff single sign-on, an authorization-code flow with the exchange done on the server
 * (docs/decisions.md SSO1-SSO3, docs/security.md findings 16-19). The corporate identity provider is simulated on the
 * demo port (server/demo/sso.routes.ts), so both routes work only in demo mode with the demo server running;
 * otherwise initialise answers "unavailable" and the callback refuses. Every refusal lands on the login page with
 * `?sso=failed`, which the page says in words; the log says why, without the code or the state.
 */
export function mountSso(
  app: Hono,
  svc: Services,
  openSession: (c: Context, userId: number) => SessionRow,
): void {
  const codes = createSsoStore(svc.db, svc.clock);

  app.get(SSO_INIT_ROUTE, (c) => {
    const lang = langOf(c.req.query('lang'));
    const idp = svc.config.demoMode ? svc.config.demoOrigin : undefined;
    if (!idp) {
      svc.logger.info('auth.sso', { step: 'initialise', ok: false, reason: 'no sign-on configured' });
      return c.redirect(`/${lang}/login?sso=unavailable`, 302);
    }
    const state = ssoSecret();
    setCookie(c, SSO_STATE_COOKIE, `${lang}.${state}`, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'Lax',
      secure: isSecure(c, svc),
      maxAge: STATE_COOKIE_SECONDS,
    });
    return c.redirect(`${idp}/sso?${new URLSearchParams({ state, lang })}`, 302);
  });

  app.get(SSO_CALLBACK_ROUTE, (c) => {
    const { lang, state } = readStateCookie(c);
    const ip = clientAddress(c, svc.config.trustProxy);
    deleteCookie(c, SSO_STATE_COOKIE, { path: COOKIE_PATH, secure: isSecure(c, svc) });
    const refuse = (reason: SsoRefusal | 'demo mode off' | 'no state cookie' | 'state mismatch' | 'user') => {
      svc.logger.warn('auth.sso', { step: 'callback', ok: false, reason, ip });
      return c.redirect(`/${lang}/login?sso=failed`, 302);
    };
    if (!svc.config.demoMode) return refuse('demo mode off');
    const code = c.req.query('code');
    const returned = c.req.query('state');
    if (!state) return refuse('no state cookie');
    // login CSRF: the state handed back must be the one this browser was given when it started
    if (!isSsoSecret(returned) || !sameSecret(returned, state)) return refuse('state mismatch');
    if (!isSsoSecret(code)) return refuse('unknown');
    const spent = codes.consume(code, state);
    if ('refused' in spent) return refuse(spent.refused);
    const user = svc.users.byId(spent.userId);
    if (user?.status !== 'active') return refuse('user');
    openSession(c, spent.userId);
    svc.logger.info('auth.login', { login: user.login, ok: true, userId: user.id, ip, via: 'sso' });
    return c.redirect(`/${lang}/`, 302);
  });
}
