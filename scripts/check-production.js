// The HTTP half of the production check (scripts/check-production.sh, run by .ci/run): a portal started with
// NODE_ENV=production on an empty database, with one administrator made by `npm run admin:create`, is tried the way a
// browser would. Plain JavaScript with no dependency (it runs beside the pruned install).
//
//   CHECK_LOGIN=… CHECK_PASSWORD=… node scripts/check-production.js http://127.0.0.1:PORT
//
// Exit code 0 when every check passes; otherwise the first failure, in one line, and exit code 1.
const [base] = process.argv.slice(2);
const login = process.env.CHECK_LOGIN;
const password = process.env.CHECK_PASSWORD;
if (!base || !login || !password) {
  process.stderr.write('usage: CHECK_LOGIN=… CHECK_PASSWORD=… node scripts/check-production.js <base url>\n');
  process.exit(2);
}

/** src/services/contract/csrf.ts: every non-GET call carries it */
const CSRF = { 'x-requested-with': 'portal' };

/** @param {boolean} ok @param {string} what */
function check(ok, what) {
  if (!ok) {
    process.stderr.write(`production check failed: ${what}\n`);
    process.exit(1);
  }
  process.stdout.write(`  ok  ${what}\n`);
}

/** @param {string} user @param {string} pass */
async function signIn(user, pass) {
  const res = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { ...CSRF, 'content-type': 'application/json' },
    body: JSON.stringify({ login: user, password: pass }),
  });
  const body = await res.json();
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c?.startsWith('portal_sid='));
  return { http: res.status, status: body.status, result: body.result, cookie };
}

const page = await fetch(`${base}/ru/login`);
const html = await page.text();
check(
  page.status === 200 &&
    /text\/html/.test(page.headers.get('content-type') ?? '') &&
    html.includes('<div id="root">'),
  'GET /ru/login serves the built login page',
);
check(/<script[^>]+src="\/static\/js\//.test(html), 'the login page loads the built scripts');
const script = html.match(/<script[^>]+src="(\/static\/js\/[^"]+)"/)?.[1] ?? '';
const asset = await fetch(`${base}${script}`);
check(
  asset.status === 200 && /javascript/.test(asset.headers.get('content-type') ?? ''),
  `GET ${script} serves the script`,
);

// the probes a container platform and a balancer ask (docs/operations.md): alive, ready, and never the SPA page
const health = await fetch(`${base}/healthz`);
check(
  health.status === 200 && /json/.test(health.headers.get('content-type') ?? ''),
  'GET /healthz answers 200 JSON (the Dockerfile HEALTHCHECK)',
);
const ready = await fetch(`${base}/readyz`);
const readyBody = await ready.json();
check(ready.status === 200 && readyBody.ready === true, 'GET /readyz says ready (the database checked)');
const lost = await fetch(`${base}/ru/no-such-page`, { headers: { 'x-request-id': 'ci-check-1' } });
check(
  lost.status === 404 && /text\/html/.test(lost.headers.get('content-type') ?? ''),
  'an unknown page answers 404 with the not-found page',
);
check(lost.headers.get('x-request-id') === 'ci-check-1', "the caller's X-Request-Id is echoed");

const admin = await signIn(login, password);
check(
  admin.status === 'OKOK' && admin.cookie !== undefined,
  `POST /api/user/login signs ${login} in (session cookie set)`,
);
check(
  Array.isArray(admin.result?.roles) && admin.result.roles[0] === 'R000',
  'the account admin:create made has role R000',
);
const me = await fetch(`${base}/api/user/`, { headers: { cookie: admin.cookie ?? '' } });
const meBody = await me.json();
check(
  meBody.status === 'OKOK' && meBody.result?.user_name === login,
  'GET /api/user/ answers for the session',
);

const demo = await signIn('admin', 'Demo-2026');
check(
  demo.status === 'E012' && demo.cookie === undefined,
  'the demo login admin / Demo-2026 is refused (E012)',
);
const noCsrf = await fetch(`${base}/api/user/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ login, password }),
});
check(
  noCsrf.status >= 400 && noCsrf.headers.getSetCookie().length === 0,
  'a login without the CSRF header is refused',
);
