// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { PAGE_REDIRECTS, SIGNED_IN_PAGES } from '@/domain/page-routes.rules';
import { ONBOARDING_PAGES } from '@/domain/public-pages.rules';
import { AUTH_PAGES } from '@/domain/routes.rules';
import { i18n } from '@/i18n/i18n';
import { PageTitle, pageTitleKey } from '@/views/layout/page-title.view';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('ru');
});

describe('page titles: each page names itself in the tab, in the language shown', () => {
  it.each([
    ['/login', 'auth.login.title'],
    ['/profile', 'sections.profile'],
    ['/details', 'sections.details'],
    ['/purchase/order', 'sections.purchase'],
    ['/onlinee-sales/orders/12', 'sections.documents'],
    ['/orders/5', 'sections.orders'],
    ['/administration/edit-user/7', 'sections.administration'],
    ['/at39-registration/new', 'sections.at39'],
    ['/services/checkout', 'sections.services'],
    ['/debt-control', 'sections.debt'],
    ['/', 'app.title'],
    ['/new-client', 'sections.newClient'],
    ['/agreement-registration', 'sections.agreement'],
    ['/profile/employees', 'sections.profile'],
    ['/settings/users', 'sections.settings'],
    ['/orders/preorders', 'sections.orders'],
    ['/Profile/', 'sections.profile'],
    ['/profile/extra/deep', 'app.notFound.title'],
    ['/orders/5/more', 'app.notFound.title'],
    ['/no-such-page', 'app.notFound.title'],
  ])('%s → %s', (path, key) => {
    expect(pageTitleKey(path)).toBe(key);
  });

  it('every page of the route table has a title of its own in both languages, and no page is "not found"', () => {
    const paths = [
      ...SIGNED_IN_PAGES.map((p) => p.replace(/:\w+/g, '7').replace('/*?', '/checkout')),
      ...Object.keys(PAGE_REDIRECTS),
      ...[...AUTH_PAGES, ...ONBOARDING_PAGES].map((p) => `/${p}`),
    ];
    expect(paths.length).toBeGreaterThan(30);
    for (const path of paths) {
      const key = pageTitleKey(path);
      expect(key, path).not.toBe('app.notFound.title');
      for (const lng of ['ru', 'uz']) expect(i18n.exists(key, { lng }), `${lng} ${key}`).toBe(true);
    }
  });

  it.each([
    ['ru', '/profile', 'Профиль — Корпоративный портал'],
    ['uz', '/profile', 'Profil — Korporativ portal'],
    ['ru', '/no-such-page', 'Страница не найдена — Корпоративный портал'],
  ])('%s %s sets document.title to %j', async (lang, path, expected) => {
    await i18n.changeLanguage(lang);
    render(
      <I18nextProvider i18n={i18n}>
        <Router hook={memoryLocation({ path }).hook}>
          <PageTitle />
        </Router>
      </I18nextProvider>,
    );
    expect(document.title).toBe(expected);
  });

  it('shows the portal’s name alone until the sections’ names arrive, then the page’s', async () => {
    // a visit that starts on the login page has the `start` part only; a section's name comes with `more`
    const start = (await import('@/i18n/ru.json?part=start')).default;
    const more = (await import('@/i18n/ru.json?part=more')).default;
    const fresh = i18next.createInstance();
    await fresh.init({
      lng: 'ru',
      resources: { ru: { translation: start } },
      interpolation: { escapeValue: false },
    });
    render(
      <I18nextProvider i18n={fresh}>
        <Router hook={memoryLocation({ path: '/profile' }).hook}>
          <PageTitle />
        </Router>
      </I18nextProvider>,
    );
    expect(document.title).toBe('Корпоративный портал');
    act(() => {
      fresh.addResourceBundle('ru', 'translation', more, true, true);
    });
    expect(document.title).toBe('Профиль — Корпоративный портал');
  });
});
