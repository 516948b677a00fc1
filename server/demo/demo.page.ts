import type { OutboxMessage } from '../store/auth.store';

/** Escapes text for HTML: every message is data, never markup. */
const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const when = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

const KIND: Record<string, string> = {
  'sms-code': 'SMS code',
  'temp-password': 'temporary password',
  'restore-link': 'password recovery link',
  'activation-link': 'activation link',
};

/** The demo page: what "was sent" (newest first) and the demo controls. Reloads itself every 5 seconds. */
export function renderDemoPage(p: {
  messages: readonly OutboxMessage[];
  token: string;
  notice: string | null;
}): string {
  const rows = p.messages
    .map(
      (m) => `<tr>
  <td>${esc(when(m.createdAt))}</td>
  <td>${esc(m.channel === 'sms' ? `+998 ${m.recipient}` : m.recipient)}${m.login ? `<br><small>login ${esc(m.login)}</small>` : ''}</td>
  <td>${esc(KIND[m.kind] ?? m.kind)}</td>
  <td class="secret">${esc(m.secret ?? '')}</td>
  <td class="text">${esc(m.text)}</td>
</tr>`,
    )
    .join('\n');
  const token = `<input type="hidden" name="token" value="${esc(p.token)}">`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="5">
<meta name="referrer" content="same-origin">
<title>B2B portal · demo outbox</title>
<style>
body { font: 15px/1.4 system-ui, sans-serif; margin: 2rem; color: #222; }
h1 { font-size: 1.4rem; } h2 { font-size: 1.1rem; margin-top: 2rem; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid #ddd; padding: .4rem .6rem; text-align: left; vertical-align: top; }
.secret { font: 600 1.1rem ui-monospace, monospace; white-space: nowrap; }
.text { white-space: pre-wrap; word-break: break-all; }
.notice { background: #eef7ee; padding: .5rem .8rem; }
form { display: inline-block; margin: 0 1rem .5rem 0; }
.warn { color: #8a5a00; }
</style>
</head>
<body>
<h1>Demo outbox</h1>
<p>The reference backend sends no real SMS or e-mail. In demo mode every message that "was sent" appears here: SMS
codes, password recovery and activation links, temporary passwords. This page listens on 127.0.0.1 only and is not
part of the portal; the page reloads itself every 5 seconds.</p>
<p class="warn">Demo mode is for a laptop. The portal refuses to start with it under NODE_ENV=production or API_TARGET.</p>
${p.notice ? `<p class="notice" role="status">${esc(p.notice)}</p>` : ''}
<table>
<thead><tr><th>Sent (UTC)</th><th>To</th><th>What</th><th>Code / token</th><th>Message</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="5">Nothing sent yet.</td></tr>'}
</tbody>
</table>
<h2>Demo controls</h2>
<form method="post" action="/controls/fast-forward">${token}
<label>Apply waiting blocks and restores now, BAN (empty: all) <input name="ban" inputmode="numeric" pattern="\\d*"></label>
<button>Apply now</button></form>
<form method="post" action="/controls/fast-forward-plans">${token}
<label>Run every scheduled block and restore plan now, as if its day had come</label>
<button>Run plans now</button></form>
<form method="post" action="/controls/expire-sessions">${token}
<label>Expire the sessions of login <input name="login" required></label>
<button>Expire</button></form>
<h2>JSON</h2>
<p><code>GET /api/outbox?phone=…|login=…</code>, <code>POST /api/expire-sessions?login=…</code>,
<code>POST /api/block/fast-forward[?ban=…]</code>, <code>POST /api/block/snapshot?ban=…</code>,
<code>POST /api/block/rollback?ban=…</code>, <code>POST /api/plans/fast-forward</code></p>
</body>
</html>
`;
}
