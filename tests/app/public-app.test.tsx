// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import { PublicRoot } from '@/app/public-app';
import { setLanguage } from '@/i18n/i18n';
import { newClientMachine } from '@/machines/new-client.machine';
import { newNumbersMachine, type QrCategory } from '@/machines/new-numbers.machine';
import type { PublicRootLogic } from '@/views/common/workflow-logic.context';
import { qrCategories } from '../machines/new-client.payloads';

/**
 * The public root (docs/decisions.md NC15): what a visit that starts on /new-client or /new-numbers runs. It shows the
 * public pages with the signed-out layout of spec 2, loads each page's workflow on first ask, and hands any other
 * address to the app's root (`leave`: in the browser, a full load of that address).
 */
beforeEach(async () => {
  localStorage.clear();
  await setLanguage('ru');
});
afterEach(cleanup);

async function mount(path: string) {
  const location = memoryLocation({ path, record: true });
  const leave = vi.fn();
  const asked: string[] = [];
  const logic: PublicRootLogic = {
    loadPublicLogic: {
      newNumbers: async () => {
        asked.push('newNumbers');
        return newNumbersMachine.provide({
          actors: { fetchQrCategories: fromPromise<QrCategory[]>(async () => qrCategories) },
        });
      },
      newClient: async () => {
        asked.push('newClient');
        return newClientMachine;
      },
    },
  };
  // rendered inside act, so the page's lazy chunk and workflow settle before the test reads the screen
  await act(async () => {
    render(<PublicRoot logic={logic} hook={location.hook} leave={leave} />);
  });
  return { location, leave, asked };
}

describe('the public root', () => {
  it('shows /new-numbers in the signed-out layout, with its own workflow only', async () => {
    const { asked, leave } = await mount('/ru/new-numbers');
    expect(await screen.findByTestId('new-numbers-shown', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('header-signed-out')).toBeTruthy();
    expect(screen.queryByTestId('header-signed-in')).toBeNull();
    expect(screen.getByTestId('become-client').textContent).toBe('Стать корпоративным клиентом');
    // spec 2: the employee sign-on link is on Auth and new-client pages, not here
    expect(screen.queryByTestId('employee-login')).toBeNull();
    expect(document.title).toBe('Новые номера — Корпоративный портал');
    expect(asked).toEqual(['newNumbers']);
    expect(leave).not.toHaveBeenCalled();
  });

  it('goes on to the wizard in place, with the employee sign-on link in the footer', async () => {
    const { location, asked, leave } = await mount('/ru/new-numbers');
    await screen.findByTestId('new-numbers-shown', {}, { timeout: 5000 });
    // the wizard's page is a lazy view: it suspends on the click, so the click is awaited in act, where React
    // settles the suspended render (a click in a synchronous act left it suspended on a loaded machine). A plain
    // click, not userEvent's: userEvent turns React's act environment off while it waits, so a render it starts
    // inside this act warned "not configured to support act(...)" on stderr.
    await act(async () => screen.getByTestId('become-client').click());
    expect(await screen.findByTestId('page-newClient', {}, { timeout: 5000 })).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/ru/new-client');
    expect(screen.getByTestId('employee-login').getAttribute('href')).toBe(
      '/api/v1/adfs/initialise-authorization?lang=ru',
    );
    expect(asked).toEqual(['newNumbers', 'newClient']);
    expect(leave).not.toHaveBeenCalled();
  });

  it('switches the language in place and keeps the page', async () => {
    const { location, leave } = await mount('/ru/new-numbers');
    await screen.findByTestId('new-numbers-shown', {}, { timeout: 5000 });
    await userEvent.click(screen.getByTestId('lang-uz'));
    await waitFor(() => expect(document.documentElement.lang).toBe('uz'));
    expect(location.history?.at(-1)).toBe('/uz/new-numbers');
    await waitFor(() =>
      expect(screen.getByTestId('become-client').textContent).toBe('Korporativ mijoz boʻlish'),
    );
    expect(leave).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('lang-ru'));
    await waitFor(() => expect(document.documentElement.lang).toBe('ru'));
  });

  it('hands the logo’s address to the app’s root', async () => {
    const { location, leave } = await mount('/ru/new-numbers');
    await screen.findByTestId('new-numbers-shown', {}, { timeout: 5000 });
    await userEvent.click(screen.getByRole('link', { name: 'Корпоративный портал — на главную' }));
    expect(location.history?.at(-1)).toBe('/ru/');
    await waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
  });

  it.each(['/ru/login', '/ru/profile', '/en/new-client', '/'])('hands %s to the app’s root', async (path) => {
    const { leave, asked } = await mount(path);
    await waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('page-newClient')).toBeNull();
    expect(asked).toEqual([]);
  });
});
