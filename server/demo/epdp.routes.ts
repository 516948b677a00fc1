import type { Hono } from 'hono';
import { AUTH_CODE_MINUTES } from '../../src/domain/at39.rules';
import { OK_STATUS } from '../../src/services/contract/envelope';
import { MINUTE } from '../clock';
import type { Services } from '../handler';
import { newAuthCode } from '../handlers/at39.handlers';

/**
 * The simulated e-government passport service's confirmation page (docs/decisions.md AT3), on the demo port only
 * (127.0.0.1, demo mode; never on the portal's origin). The staff member opens it from the portal with the session
 * of `v1/epdp/get-session-id`; the person identifies themselves (PINFL or passport) and confirms or refuses; the page
 * hands back a one-time auth code that the staff member types into the portal, which reads the passport data with it
 * (`v1/epdp/passport-info?auth_code`). Not found, refused, expired and reused codes each give their own outcome.
 *
 * JSON for the tests: `POST /api/epdp/answer?session=…&person=…&answer=confirm|refuse` → `{ authCode }`,
 * `POST /api/epdp/expire?code=…` (ages a code past its lifetime), and the back office's decision on a submitted
 * registration `POST /api/at39/decide?registrationId=…&decision=registered|rejected&comment=…`.
 */

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${esc(title)}</title>
<style>
body { font: 16px/1.45 system-ui, sans-serif; margin: 0; color: #1d2433; background: #eef2f7; }
main { max-width: 34rem; margin: 2rem auto; background: #fff; padding: 1.5rem; border-radius: 8px; }
h1 { font-size: 1.3rem; margin-top: 0; } label { display: block; margin: 1rem 0 .3rem; font-weight: 600; }
input { font: inherit; padding: .5rem; width: 100%; box-sizing: border-box; }
.row { display: flex; gap: .8rem; margin-top: 1.2rem; flex-wrap: wrap; }
button { font: inherit; padding: .55rem 1.2rem; border-radius: 6px; border: 1px solid #1d4ed8; cursor: pointer; }
.ok { background: #1d4ed8; color: #fff; } .no { background: #fff; color: #1d4ed8; }
.code { font: 700 2rem ui-monospace, monospace; letter-spacing: .2rem; background: #f4f6fa; padding: .6rem 1rem;
  display: inline-block; }
small { color: #555; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;

type Answer = 'confirm' | 'refuse';

/** The person's answer for a pending session: the one-time code, or why none (`null` session unknown or answered). */
export function answerSession(
  svc: Services,
  sessionId: string,
  person: string,
  answer: Answer,
): { code: string } | { error: string } {
  const store = svc.at39;
  const s = store.session(sessionId);
  if (!s) return { error: 'unknown session' };
  if (s.state !== 'pending') return { error: 'this request was answered already' };
  const found = person.trim() ? store.person(person.trim().toUpperCase()) : undefined;
  const state = answer === 'refuse' ? 'refused' : found ? 'confirmed' : 'notFound';
  const code = newAuthCode();
  store.answer(sessionId, state, found?.pinfl ?? null, code, svc.clock.now());
  return { code };
}

export function mountEpdpDemo(app: Hono, svc: Services, formToken: string): void {
  const csp = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";
  app.get('/epdp/confirm', (c) => {
    c.header('Content-Security-Policy', csp);
    const id = c.req.query('session') ?? '';
    const s = svc.at39.session(id);
    if (s?.state !== 'pending')
      return c.html(
        page(
          'Паспортные данные',
          '<h1>Запрос не найден</h1><p>Запрос на передачу паспортных данных не найден или уже обработан. ' +
            'Начните заново на портале.</p>',
        ),
        404,
      );
    return c.html(
      page(
        'Согласие на передачу паспортных данных',
        `<h1>Согласие на передачу паспортных данных</h1>
<p>Оператор связи просит передать ваши паспортные данные для регистрации абонента (АТ 39).
<br><small>Shaxsga doir maʼlumotlarni uzatishga rozilik · demo: e-government passport service simulator</small></p>
<form method="post" action="/epdp/confirm">
<input type="hidden" name="token" value="${esc(formToken)}">
<input type="hidden" name="session" value="${esc(id)}">
<label for="person">ПИНФЛ или серия и номер паспорта</label>
<input id="person" name="person" autocomplete="off" required maxlength="20">
<div class="row">
<button class="ok" type="submit" name="answer" value="confirm">Подтвердить</button>
<button class="no" type="submit" name="answer" value="refuse" formnovalidate>Отказаться</button>
</div>
</form>`,
      ),
    );
  });
  app.post('/epdp/confirm', async (c) => {
    c.header('Content-Security-Policy', csp);
    const form = await c.req.parseBody();
    if (form.token !== formToken) return c.text('stale page: reload it', 403);
    const field = (n: string) => (typeof form[n] === 'string' ? (form[n] as string) : '');
    const answer: Answer = field('answer') === 'refuse' ? 'refuse' : 'confirm';
    const r = answerSession(svc, field('session'), field('person'), answer);
    if ('error' in r) return c.html(page('Паспортные данные', `<h1>${esc(r.error)}</h1>`), 409);
    return c.html(
      page(
        'Код подтверждения',
        `<h1>${answer === 'refuse' ? 'Вы отказались' : 'Ответ принят'}</h1>
<p>Код для портала (действует ${AUTH_CODE_MINUTES} минут, один раз):</p>
<p class="code" data-testid="epdp-code">${esc(r.code)}</p>
<p><small>Сообщите этот код сотруднику. Kodni xodimga ayting.</small></p>`,
      ),
    );
  });

  app.post('/api/epdp/answer', (c) => {
    const r = answerSession(
      svc,
      c.req.query('session') ?? '',
      c.req.query('person') ?? '',
      c.req.query('answer') === 'refuse' ? 'refuse' : 'confirm',
    );
    if ('error' in r) return c.json({ status: 'E101', description: r.error });
    return c.json({ status: OK_STATUS, result: { authCode: r.code } });
  });
  app.post('/api/epdp/expire', (c) => {
    const code = c.req.query('code') ?? '';
    const n = svc.at39.ageCode(code, svc.clock.now() - (AUTH_CODE_MINUTES + 1) * MINUTE);
    return c.json({ status: OK_STATUS, result: { aged: n } });
  });
  app.post('/api/at39/decide', (c) => {
    const store = svc.at39;
    const id = Number(c.req.query('registrationId'));
    const decision = c.req.query('decision');
    const reg = Number.isSafeInteger(id) ? store.registration(id) : undefined;
    if (reg?.status !== 'submitted' || (decision !== 'registered' && decision !== 'rejected'))
      return c.json({ status: 'E101', description: 'a submitted registration and registered|rejected' });
    const now = svc.clock.now();
    store.setStatus(id, decision, now);
    const comment = c.req.query('comment');
    if (comment) store.addComment(id, 'backoffice', comment.slice(0, 500), now);
    return c.json({ status: OK_STATUS, result: { status: decision } });
  });
}
