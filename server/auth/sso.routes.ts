import type { Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { DEFAULT_LANG, isLang, type Lang } from '../../src/domain/constants';
import { clientAddress, isHttps } from '../client-address';
import type { Services } from '../handler';
import { CLIENT_ROLES } from '../permissions';
import type { SessionRow } from '../store/session.store';
import { isSsoSecret, type SsoRefusal, sameSecret, ssoSecret } from '../store/sso.store';
import type { OidcRefusal } from './oidc';

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
 * (docs/decisions.md SSO1-SSO4, docs/security.md findings 16-19). With `OIDC_*` configured the operator's identity
 * provider answers over OpenID Connect (server/auth/oidc.ts, SSO4); without it, in demo mode, a simulated provider on
 * the demo port (server/demo/sso.routes.ts); otherwise initialise answers "unavailable" and the callback refuses. Every refusal lands on the login page with
 * `?sso=failed`, which the page says in words; the log says why, without the code or the state.
 */
export function mountSso(
  app: Hono,
  svc: Services,
  openSession: (c: Context, userId: number) => SessionRow,
): void {
  const codes = svc.sso;
  const setStateCookie = (c: Context, lang: Lang, state: string) =>
    setCookie(c, SSO_STATE_COOKIE, `${lang}.${state}`, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'Lax',
      secure: isSecure(c, svc),
      maxAge: STATE_COOKIE_SECONDS,
    });

  app.get(SSO_INIT_ROUTE, async (c) => {
    const lang = langOf(c.req.query('lang'));
    if (svc.oidc) {
      // SSO4: the operator's identity provider over OpenID Connect (PKCE, state, nonce)
      const state = ssoSecret();
      let url: URL;
      try {
        url = await svc.oidc.start(state, `${svc.config.publicOrigin}${SSO_CALLBACK_ROUTE}`);
      } catch (e) {
        const reason = `provider unreachable (${(e as { code?: string }).code ?? (e as Error).name})`;
        svc.logger.warn('auth.sso', { step: 'initialise', ok: false, reason });
        return c.redirect(`/${lang}/login?sso=unavailable`, 302);
      }
      setStateCookie(c, lang, state);
      return c.redirect(url.href, 302);
    }
    const idp = svc.config.demoMode ? svc.config.demoOrigin : undefined;
    if (!idp) {
      svc.logger.info('auth.sso', { step: 'initialise', ok: false, reason: 'no sign-on configured' });
      return c.redirect(`/${lang}/login?sso=unavailable`, 302);
    }
    const state = ssoSecret();
    setStateCookie(c, lang, state);
    return c.redirect(`${idp}/sso?${new URLSearchParams({ state, lang })}`, 302);
  });

  app.get(SSO_CALLBACK_ROUTE, async (c) => {
    const { lang, state } = readStateCookie(c);
    const ip = clientAddress(c, svc.config.trustProxy);
    deleteCookie(c, SSO_STATE_COOKIE, { path: COOKIE_PATH, secure: isSecure(c, svc) });
    const refuse = (
      reason: SsoRefusal | 'demo mode off' | 'no state cookie' | 'state mismatch' | 'user' | OidcRefusal,
    ) => {
      svc.logger.warn('auth.sso', { step: 'callback', ok: false, reason, ip });
      return c.redirect(`/${lang}/login?sso=failed`, 302);
    };
    const returned = c.req.query('state');
    if (svc.oidc) {
      if (!state) return refuse('no state cookie');
      if (!isSsoSecret(returned) || !sameSecret(returned, state)) return refuse('state mismatch');
      // the portal's own callback address (PUBLIC_ORIGIN), with the query the browser brought back
      const callback = new URL(`${svc.config.publicOrigin}${SSO_CALLBACK_ROUTE}`);
      callback.search = new URL(c.req.url).search;
      const outcome = await svc.oidc.finish(state, callback);
      if ('refused' in outcome) return refuse(outcome.refused);
      // the roles are the portal's: an active staff account with this login, never a client's
      const user = svc.users.byLogin(outcome.login) ?? svc.users.byLogin(outcome.login.toLowerCase());
      if (user?.status !== 'active' || user.roles.some((r) => CLIENT_ROLES.has(r))) return refuse('user');
      openSession(c, user.id);
      svc.logger.info('auth.login', { login: user.login, ok: true, userId: user.id, ip, via: 'oidc' });
      return c.redirect(`/${lang}/`, 302);
    }
    if (!svc.config.demoMode) return refuse('demo mode off');
    const code = c.req.query('code');
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
