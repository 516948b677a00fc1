/**
 * The simulator's control page: where a tester types a key password while the portal waits in create_pkcs7, as the
 * real module's own password window would ask. Plain HTML forms, no scripts (the CSP forbids them), every text
 * escaped. The page is a developer tool of the simulator, not part of the portal, so its texts are fixed Russian.
 */
import type { DemoKey } from './demo-keys';

/** A signing request waiting for its password. */
export interface PendingSignature {
  id: string;
  keyId: string;
  serialNumber: string;
  alias: string;
  /** holder's common name from the alias */
  cn: string;
  /** TIN the key signs for */
  tin: string | undefined;
  /** the data to sign, base64 as received */
  dataBase64: string;
  /** the data read as UTF-8, for a human to check */
  dataText: string;
  detached: boolean;
  /** ISO time the request arrived */
  createdAt: string;
  /** password attempts left (6.x builds ask up to 3 times) */
  triesLeft: number;
  /** set after a wrong password on a build that asks again */
  lastError?: 'wrongPassword';
}

/** What the page shows besides the pending requests. */
export interface ControlPageState {
  version: string;
  mode: 'scripted' | 'interactive';
  running: boolean;
  url: string;
  wssUrl: string | undefined;
  pending: PendingSignature[];
  keys: readonly (DemoKey & { alias: string; tin: string | undefined })[];
  registeredDomains: string[];
  /** a one-line notice after a form post (e.g. wrong password) */
  notice?: string;
}

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const MAX_PREVIEW = 2000;

/** The human-readable `text` of a portal signing document (src/domain/signing-document.rules.ts), if it is one:
 *  what the signer is asked to agree to, shown above the raw data. */
export function signingDocumentTextOf(dataText: string): string | null {
  try {
    const doc = JSON.parse(dataText) as { format?: unknown; text?: unknown };
    return (doc.format === 'b2b-portal.signing/1' || doc.format === 'b2b-portal.signing/2') &&
      typeof doc.text === 'string'
      ? doc.text
      : null;
  } catch {
    return null;
  }
}

function pendingBlock(p: PendingSignature): string {
  const e = escapeHtml;
  const preview = p.dataText.length > MAX_PREVIEW ? `${p.dataText.slice(0, MAX_PREVIEW)}…` : p.dataText;
  const error =
    p.lastError === 'wrongPassword'
      ? `<p class="error" role="alert">Неверный пароль. Осталось попыток: ${p.triesLeft}</p>`
      : '';
  return `<section class="pending" data-testid="pending-${e(p.id)}" aria-labelledby="h-${e(p.id)}">
<h3 id="h-${e(p.id)}">Подписание ключом ${e(p.cn)} (ИНН ${e(p.tin ?? '—')}, серийный номер ${e(p.serialNumber)})</h3>
<p>Получен: ${e(p.createdAt)}${p.detached ? ', отсоединённая подпись' : ''}</p>
${(() => {
  const text = signingDocumentTextOf(p.dataText);
  return text === null
    ? ''
    : `<p>Вы подписываете:</p>\n<pre class="document" data-testid="document-text">${e(text)}</pre>`;
})()}
<p>Данные для подписи:</p>
<pre>${e(preview)}</pre>
${error}
<form method="post" action="/ui/answer">
<input type="hidden" name="id" value="${e(p.id)}">
<label for="pw-${e(p.id)}">Пароль ключа</label>
<input id="pw-${e(p.id)}" name="password" type="password" autocomplete="off" required autofocus>
<button type="submit">Подписать</button>
</form>
<form method="post" action="/ui/cancel">
<input type="hidden" name="id" value="${e(p.id)}">
<button type="submit">Отменить</button>
</form>
</section>`;
}

function keyRow(k: ControlPageState['keys'][number]): string {
  const e = escapeHtml;
  return `<tr><td>${e(k.serialNumber)}</td><td>${e(k.cn)}</td><td>${e(k.tin ?? '—')}</td><td>${e(k.validTo)}</td><td>${e(k.password)}</td><td>${e(k.note)}</td></tr>`;
}

/** The whole page. It refreshes itself only while nothing is pending, so typing a password is never interrupted. */
export function renderControlPage(s: ControlPageState): string {
  const e = escapeHtml;
  const refresh = s.pending.length === 0 ? '<meta http-equiv="refresh" content="2">' : '';
  const pending =
    s.pending.length === 0
      ? '<p data-testid="no-pending">Нет запросов на подписание.</p>'
      : s.pending.map(pendingBlock).join('\n');
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${refresh}
<title>Симулятор E-IMZO</title>
<link rel="stylesheet" href="/style.css">
</head>
<body>
<main>
<h1>Симулятор E-IMZO</h1>
${s.notice ? `<p class="notice" role="status">${e(s.notice)}</p>` : ''}
<p>Модуль: <code>${e(s.url)}</code>${s.wssUrl ? `, <code>${e(s.wssUrl)}</code>` : ''}; версия ${e(s.version)}; режим ${e(s.mode)}; ${s.running ? 'запущен' : 'остановлен'}.</p>
<h2>Запросы на подписание</h2>
${pending}
<h2>Управление</h2>
<form method="post" action="/ui/version">
<label for="version">Версия модуля</label>
<input id="version" name="version" value="${e(s.version)}" pattern="\\d+\\.\\d+(\\.\\d+)?" required>
<button type="submit">Сохранить версию</button>
</form>
<form method="post" action="/ui/running">
<input type="hidden" name="running" value="${s.running ? 'off' : 'on'}">
<button type="submit">${s.running ? 'Остановить модуль' : 'Запустить модуль'}</button>
</form>
<p>Домены с API-ключом: ${s.registeredDomains.length ? e(s.registeredDomains.join(', ')) : 'нет'} (localhost и 127.0.0.1 разрешены всегда).</p>
<h2>Демонстрационные ключи</h2>
<table>
<thead><tr><th>Серийный номер</th><th>Владелец</th><th>ИНН</th><th>Действителен до</th><th>Пароль</th><th>Назначение</th></tr></thead>
<tbody>
${s.keys.map(keyRow).join('\n')}
</tbody>
</table>
</main>
</body>
</html>
`;
}

/** The page's only stylesheet (served from /style.css so the CSP needs no inline styles). */
export const CONTROL_PAGE_CSS = `body{font-family:system-ui,sans-serif;margin:0;background:#f6f6f6;color:#222}
main{max-width:960px;margin:0 auto;padding:1rem}
section.pending{background:#fff;border:2px solid #c80;padding:1rem;margin:1rem 0}
pre{white-space:pre-wrap;word-break:break-all;background:#eee;padding:.5rem}
form{margin:.5rem 0}label{margin-right:.5rem}
.error{color:#b00;font-weight:bold}.notice{background:#ffd;padding:.5rem}
table{border-collapse:collapse;width:100%;background:#fff}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left}
`;
