// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROUTES } from '@/app/routes';
import { isPagePath } from '@/domain/page-patterns.rules';
import { SIGNED_IN_PAGES } from '@/domain/page-routes.rules';
import { AUTH_PAGES } from '@/domain/routes.rules';
import { setLanguage } from '@/i18n/i18n';
import { renderShell } from '../support/render-shell';

/**
 * The server answers 404 exactly where the SPA draws its not-found page (docs/decisions.md OBS6): both read the page
 * patterns of src/domain/page-routes.rules.ts; here the real shell is asked.
 */
beforeEach(async () => {
  localStorage.clear();
  await setLanguage('ru');
});
afterEach(cleanup);

describe('the route table and the server’s page list', () => {
  it('are one list: every route of the table is a page the server knows, and no other', () => {
    expect(ROUTES.map((r) => r.path)).toEqual([
      ...AUTH_PAGES.map((p) => `/${p}`),
      '/new-client',
      '/new-numbers',
      ...SIGNED_IN_PAGES,
    ]);
  });

  it.each([
    '/ru/nope',
    '/uz/profile/deeper',
    '/en/login',
    '/xx',
    '/ru/orders/12/more',
    '/ru/new-client/extra',
    '/healthz',
  ])('%s: no page for the server, the not-found page in the SPA', async (path) => {
    expect(isPagePath(path)).toBe(false);
    renderShell(path, null);
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });

  it.each([
    '/ru/login',
    '/uz/register?from=sms',
    '/ru/restore?r=abc',
    '/ru/new-client',
    '/ru/orders/12',
    '/ru/administration/edit-user/5',
    '/ru/administration',
    '/uz/services/checkout',
  ])('%s: a page for the server, never the not-found page in the SPA', async (path) => {
    expect(isPagePath(path)).toBe(true);
    // rendered in an awaited act: a page that suspends on its first render (its texts, its lazy view) settles inside it
    const { location } = await act(async () => renderShell(path, null));
    // signed out: a public page is drawn, any other is sent on to login — in neither case the not-found page
    await waitFor(() =>
      expect(
        location.history?.at(-1)?.endsWith('/login') || screen.queryAllByTestId(/^(auth-|page-)/).length > 0,
      ).toBe(true),
    );
    expect(screen.queryByTestId('not-found')).toBeNull();
  });
});
