import type { Hono } from 'hono';
import { isLang, type Lang } from '../../src/domain/constants';
import { ssoCallbackUrl } from '../auth/sso.routes';
import { DEMO_ACCOUNTS } from '../db/demo-accounts';
import type { Services } from '../handler';
import { isSsoSecret } from '../store/sso.store';

/**
 * The simulated corporate identity provider (docs/decisions.md SSO2), on the demo port only (127.0.0.1, demo mode;
 * never on the portal's origin). The portal's initialise-authorization sends the browser here with a `state`; the
 * page lists the single-sign-on-only staff accounts of the demo, and choosing one issues a one-time code bound to
 * that account and that state and sends the browser to the portal's callback at its configured origin (never an
 * address taken from the request: no open redirect).
 */

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The demo accounts that sign in only through the corporate sign-on (`ssoOnly` in server/db/demo-accounts.ts). */
export const ssoAccounts = () => DEMO_ACCOUNTS.filter((a) => a.ssoOnly === true);

const TEXT = {
  ru: {
    title: 'Корпоративный вход (симуляция)',
    intro:
      'Симуляция корпоративного единого входа (ADFS) для демонстрации. Выберите учётную запись сотрудника: портал получит одноразовый код и откроет сеанс.',
    none: 'Запрос входа не найден. Начните заново на портале: «Войти как сотрудник».',
    back: 'Вернуться на портал',
    stale: 'Страница устарела: начните вход заново на портале.',
  },
  uz: {
    title: 'Korporativ kirish (simulyatsiya)',
    intro:
      'Namoyish uchun korporativ yagona kirish (ADFS) simulyatsiyasi. Xodim hisobini tanlang: portal bir martalik kod oladi va seans ochadi.',
    none: 'Kirish soʻrovi topilmadi. Portalda qaytadan boshlang: «Xodim sifatida kirish».',
    back: 'Portalga qaytish',
    stale: 'Sahifa eskirgan: portalda kirishni qaytadan boshlang.',
  },
} as const;

/** Both languages, the chosen one first (the page is the demo's, not the portal's: no language switch). */
function both(lang: Lang, key: keyof (typeof TEXT)['ru']): string {
  const other: Lang = lang === 'ru' ? 'uz' : 'ru';
  return `${esc(TEXT[lang][key])}<br><small lang="${other}">${esc(TEXT[other][key])}</small>`;
}

const page = (lang: Lang, body: string) => `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<!-- the demo server's no-referrer would make the form's Origin "null", which its origin check refuses -->
<meta name="referrer" content="same-origin">
<title>${esc(TEXT[lang].title)}</title>
<style>
body { font: 16px/1.45 system-ui, sans-serif; margin: 0; color: #1d2433; background: #eef2f7; }
main { max-width: 34rem; margin: 2rem auto; background: #fff; padding: 1.5rem; border-radius: 8px; }
h1 { font-size: 1.3rem; margin-top: 0; } small { color: #555; }
ul { list-style: none; padding: 0; } li { margin: .8rem 0; }
button { font: inherit; padding: .55rem 1.2rem; border-radius: 6px; border: 1px solid #1d4ed8; cursor: pointer;
  background: #1d4ed8; color: #fff; text-align: left; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;

/** A one-time code for the sign-on-only account `login`, bound to `state`; or why none. */
export function issueSsoCode(
  svc: Services,
  login: string,
  state: string,
): { code: string } | { error: string } {
  if (!isSsoSecret(state)) return { error: 'state' };
  if (!ssoAccounts().some((a) => a.login === login)) return { error: 'account' };
  const user = svc.users.byLogin(login);
  if (!user?.ssoOnly || user.status !== 'active') return { error: 'account' };
  return { code: svc.sso.issue(user.id, state) };
}

export function mountSsoDemo(app: Hono, svc: Services, formToken: string): void {
  // the form posts here, and its answer redirects to the portal's callback: form-action must allow both
  const csp = () =>
    `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${svc.config.publicOrigin}; frame-ancestors 'none'`;
  const backLink = (lang: Lang) =>
    `<p><a href="${esc(`${svc.config.publicOrigin}/${lang}/login`)}">${both(lang, 'back')}</a></p>`;

  app.get('/sso', (c) => {
    c.header('Content-Security-Policy', csp());
    const q = c.req.query('lang');
    const lang: Lang = q && isLang(q) ? q : 'ru';
    const state = c.req.query('state');
    if (!isSsoSecret(state))
      return c.html(
        page(lang, `<h1>${both(lang, 'title')}</h1><p>${both(lang, 'none')}</p>${backLink(lang)}`),
        400,
      );
    const buttons = ssoAccounts()
      .map(
        (a) => `<li><form method="post" action="/sso/issue">
<input type="hidden" name="token" value="${esc(formToken)}">
<input type="hidden" name="state" value="${esc(state)}">
<input type="hidden" name="lang" value="${esc(lang)}">
<button type="submit" name="login" value="${esc(a.login)}" data-testid="sso-account-${esc(a.login)}">${esc(a.fullName)} · ${esc(a.login)} (${esc(a.roles.join(', '))})</button>
</form></li>`,
      )
      .join('\n');
    return c.html(
      page(
        lang,
        `<h1>${both(lang, 'title')}</h1><p>${both(lang, 'intro')}</p><ul>${buttons}</ul>${backLink(lang)}`,
      ),
    );
  });

  app.post('/sso/issue', async (c) => {
    c.header('Content-Security-Policy', csp());
    const form = await c.req.parseBody();
    const field = (n: string) => (typeof form[n] === 'string' ? (form[n] as string) : '');
    const lang: Lang = isLang(field('lang')) ? (field('lang') as Lang) : 'ru';
    if (form.token !== formToken)
      return c.html(page(lang, `<h1>${both(lang, 'stale')}</h1>${backLink(lang)}`), 403);
    const state = field('state');
    const r = issueSsoCode(svc, field('login'), state);
    if ('error' in r) return c.html(page(lang, `<h1>${both(lang, 'none')}</h1>${backLink(lang)}`), 400);
    svc.logger.info('demo.sso', { login: field('login') });
    return c.redirect(ssoCallbackUrl(svc, r.code, state), 302);
  });
}
