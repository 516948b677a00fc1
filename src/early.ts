// The entry's first import: evaluated before the rest of the app, it holds a form sent on the prerendered page before
// the app can act on it, sends the login form's sign-in call itself, and says when the app starts (docs/decisions.md
// LB16, LB23).
import { authFormErrors, signInBody } from '@/domain/auth-form.rules';
import { sendEarly } from '@/services/api/early-call';
import { holdEarlySubmits } from '@/views/common/early-submit';

/** On the login page the app starts this long after the entry ran, or this long after the last keystroke. */
const START_AFTER_MS = 300;

/**
 * Runs `start` (the app's evaluation and its taking over of the page) once, when it does not stand between a visitor
 * and the prerendered login form: on a slow phone that is a few hundred milliseconds of script, and keystrokes wait for
 * it. Anywhere else, at once. On the login page: shortly after the entry ran, later while the form is typed into
 * (each keystroke puts it off), and at once when the form is sent (its sign-in call has then gone already:
 * `sendLogin`). The page has nothing else that needs the app meanwhile: its other controls are
 * links, which the browser follows.
 */
export function startWhenFree(win: Window, start: () => void): void {
  // the pending start's timer; -1 once started (a timer still pending then finds it so)
  let timer = 0;
  const go = () => {
    if (timer < 0) return;
    timer = -1;
    start();
  };
  const later = () => {
    if (timer < 0) return;
    win.clearTimeout(timer);
    timer = win.setTimeout(go, START_AFTER_MS);
  };
  holdEarlySubmits(win, (form) => {
    if (form.closest('[data-auth=login]')) sendLogin(win, form);
    go();
  });
  if (win.document.querySelector('[data-auth=login]')) {
    win.addEventListener('input', later);
    later();
  } else go();
}

/** Sends the prerendered login form's sign-in call as the app would: only past the chart's checks, with the `logIn`
 *  actor's body (`signInBody`); the API client reads its answer (LB23). */
function sendLogin(win: Window, form: HTMLFormElement): void {
  const { login = '', password = '' } = Object.fromEntries(new FormData(form)) as Record<string, string>;
  if (authFormErrors('login', { login, password }).length === 0)
    sendEarly(win, 'user/login', JSON.stringify(signInBody({ login, password })));
}
