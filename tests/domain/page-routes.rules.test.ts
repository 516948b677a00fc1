import { parse } from 'regexparam';
import { describe, expect, it } from 'vitest';
import { isPagePath, pagePatternOf } from '@/domain/page-patterns.rules';
import { PAGE_REDIRECTS, SIGNED_IN_PAGES } from '@/domain/page-routes.rules';
import { AUTH_PAGES } from '@/domain/routes.rules';

/** An address of a pattern, its parameters filled (`:id` → 12, `*?` → nothing or `checkout`). */
const addressesOf = (pattern: string) =>
  pattern.includes('*?')
    ? [pattern.replace('/*?', ''), pattern.replace('*?', 'checkout')]
    : [pattern.replace(/:\w+/g, '12')];

describe('page routes (docs/decisions.md OBS6)', () => {
  it('knows every page of the route table in both languages, with a query or a trailing slash', () => {
    const pages = [
      '',
      '/',
      ...Object.keys(PAGE_REDIRECTS),
      ...AUTH_PAGES.map((p) => `/${p}`),
      '/new-client',
      '/new-numbers',
      ...SIGNED_IN_PAGES.flatMap(addressesOf),
    ];
    for (const lang of ['ru', 'uz'])
      for (const page of pages) {
        expect(isPagePath(`/${lang}${page}`), `/${lang}${page}`).toBe(true);
        expect(isPagePath(`/${lang}${page}?x=1`), `/${lang}${page}?x=1`).toBe(true);
      }
    expect(isPagePath('/ru/profile/')).toBe(true);
  });

  it('knows the addresses the issue names', () => {
    for (const path of [
      '/',
      '/ru',
      '/ru/login',
      '/uz/register?from=sms',
      '/ru/restore?r=abc',
      '/ru/orders/12',
      '/ru/orders/preorders',
      '/ru/administration/edit-user/5',
      '/ru/new-client',
      '/uz/new-numbers',
      '/ru/services/checkout',
      '/ru/profile/employees',
    ])
      expect(isPagePath(path), path).toBe(true);
  });

  it('knows no other address: no language, an unknown one, no route under it (spec 2)', () => {
    for (const path of [
      '/healthz',
      '/metrics',
      '/login',
      '/en/login',
      '/RU/login',
      '/xx',
      '/ru/nope',
      '/ru/profile/deeper',
      '/ru/orders/12/more',
      '/ru/new-client/extra',
      '/ru/administration/edit-user',
      '/ru//profile',
    ])
      expect(isPagePath(path), path).toBe(false);
  });

  it('matches as the SPA router does (regexparam, case-insensitive, optional trailing slash)', () => {
    const samples = [
      '/',
      '/profile',
      '/PROFILE',
      '/profile/',
      '/profile//',
      '/orders/12',
      '/orders/',
      '/orders/a/b',
      '/services',
      '/services/',
      '/services/checkout/x',
      '/servicesx',
      '/onlinee-sales/orders/7',
      '/administration/creation/admin',
    ];
    for (const pattern of ['/', ...SIGNED_IN_PAGES])
      for (const sample of samples) {
        const router = parse(pattern).pattern.test(sample);
        const ours = pagePatternOf(`/ru${sample}`) === `/:lang${pattern === '/' ? '' : pattern}`;
        // ours names the first pattern that matches; the router's own answer for this one pattern must agree
        if (ours) expect(router, `${pattern} ~ ${sample}`).toBe(true);
        if (!router) expect(ours, `${pattern} ~ ${sample}`).toBe(false);
      }
  });

  it('names the pattern, never the address', () => {
    expect(pagePatternOf('/ru/orders/12?tab=2')).toBe('/:lang/orders/:id');
    expect(pagePatternOf('/uz/orders/preorders')).toBe('/:lang/orders/preorders');
    expect(pagePatternOf('/uz')).toBe('/:lang');
    expect(pagePatternOf('/ru/administration/edit-user/5')).toBe('/:lang/administration/edit-user/:id');
    expect(pagePatternOf('/ru/nope')).toBeNull();
  });
});
