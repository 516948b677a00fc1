// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { startWhenFree } from '@/early';
import { takeSentCall } from '@/services/api/early-call';
import { takeHeldSubmit } from '@/views/common/early-submit';

/**
 * When the app starts on a prerendered page, and the login form's call sent before it (docs/decisions.md LB23).
 * The oracle is the decision's wording: at once off the login page; there, 300 ms after the entry ran, put off by
 * each keystroke, at once on Enter, once; the sign-in call sent at Enter exactly as the chart would send it.
 */
const LOGIN_PAGE = `<section data-auth="login"><form method="dialog" novalidate>
  <input name="login"><input name="password" type="password"><button type="submit">Войти</button>
</form></section>`;

let listeners: MockInstance<Window['addEventListener']>;
let fetch: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  listeners = vi.spyOn(window, 'addEventListener');
  fetch = vi.fn(() => new Promise<Response>(() => undefined));
  vi.stubGlobal('fetch', fetch);
});
afterEach(() => {
  // each test's listeners go with it: they live on the one window of the file
  for (const [type, listener] of listeners.mock.calls) window.removeEventListener(type, listener);
  listeners.mockRestore();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

const form = () => document.querySelector('form') as HTMLFormElement;
const field = (name: string) => form().elements.namedItem(name) as HTMLInputElement;
function type(name: string, value: string) {
  field(name).value = value;
  field(name).dispatchEvent(new Event('input', { bubbles: true }));
}
/** Enter in the form: a submit nothing has handled yet. */
function send(): Event {
  const submit = new Event('submit', { bubbles: true, cancelable: true });
  form().dispatchEvent(submit);
  return submit;
}

describe('the app starts where it stands in no one’s way', () => {
  it('at once on any page but the login page', () => {
    document.body.innerHTML = '<section data-auth="register"><form><input name="phone"></form></section>';
    const start = vi.fn();
    startWhenFree(window, start);
    expect(start).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('on the login page 300 ms after the entry ran, when nobody types', () => {
    document.body.innerHTML = LOGIN_PAGE;
    const start = vi.fn();
    startWhenFree(window, start);
    vi.advanceTimersByTime(299);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('put off by each keystroke, then 300 ms after the last one, once', () => {
    document.body.innerHTML = LOGIN_PAGE;
    const start = vi.fn();
    startWhenFree(window, start);
    vi.advanceTimersByTime(250);
    type('login', 'c');
    vi.advanceTimersByTime(250);
    type('login', 'cu');
    vi.advanceTimersByTime(299);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
    // typing after the start changes nothing
    type('password', 'x');
    vi.advanceTimersByTime(1000);
    expect(start).toHaveBeenCalledTimes(1);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('Enter on the login form before the app has started', () => {
  it('sends the sign-in call as the chart would, holds the submit for the app and starts it at once', () => {
    document.body.innerHTML = LOGIN_PAGE;
    const start = vi.fn();
    startWhenFree(window, start);
    type('login', ' curator ');
    type('password', 'Demo-2026');
    const submit = send();
    expect(submit.defaultPrevented).toBe(true);
    expect(start).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/user/login');
    expect(init.method).toBe('POST');
    // the logIn actor's input: the login trimmed, the password as typed
    const body = JSON.stringify({ login: 'curator', password: 'Demo-2026' });
    expect(init.body).toBe(body);
    // a second Enter meanwhile sends nothing more
    send();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(start).toHaveBeenCalledTimes(1);
    // the app's Auth form sends the held submit again; the client then reads this call's answer
    expect(takeHeldSubmit(form())).toBe(true);
    expect(takeSentCall(`user/login${body}`)).toBe(fetch.mock.results[0]?.value);
  });

  it('sends nothing the chart would refuse: a blank field, a login over 100 characters', () => {
    document.body.innerHTML = LOGIN_PAGE;
    const start = vi.fn();
    startWhenFree(window, start);
    type('login', '   ');
    type('password', 'Demo-2026');
    send();
    expect(start).toHaveBeenCalledTimes(1);
    type('login', 'l'.repeat(101));
    send();
    type('login', 'curator');
    type('password', '');
    send();
    expect(fetch).not.toHaveBeenCalled();
    // the submit is held all the same: the app shows the field's message
    expect(takeHeldSubmit(form())).toBe(true);
  });

  it('leaves the other Auth forms’ calls to the app', () => {
    document.body.innerHTML = LOGIN_PAGE.replace('data-auth="login"', 'data-auth="forgot"');
    const start = vi.fn();
    startWhenFree(window, start);
    type('login', 'curator');
    send();
    expect(fetch).not.toHaveBeenCalled();
    expect(takeHeldSubmit(form())).toBe(true);
  });
});
