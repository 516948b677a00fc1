/**
 * A call that serves one page is open exactly to whom that page opens (docs/decisions.md AR8): for every role, with
 * and without a forced password change and a selected BAN, the server's `mayCall` and the shell's `routeAccess` agree
 * on the page's calls. A rule spelled again for one side only (a config flag instead of the page) fails here.
 */
import { describe, expect, it } from 'vitest';
import { mayCall, PAGE_OF } from '../../server/permissions';
import type { Viewer } from '../../server/viewer';
import { type UserFacts, userConfig } from '../../src/domain/roles.rules';
import { routeAccess } from '../../src/domain/routes.rules';
import type { EndpointName } from '../../src/services/contract/endpoints';

const ROLES = Array.from({ length: 35 }, (_, i) => `R${String(i).padStart(3, '0')}`);

function viewer(facts: UserFacts): Viewer {
  return {
    roles: [...facts.roles],
    profile: null,
    ownProfile: null,
    impersonating: false,
    facts,
    config: userConfig(facts),
  };
}

const FACTS: UserFacts[] = ROLES.flatMap((role) =>
  [false, true].flatMap((forceChangePassword) =>
    [false, true].map((banSelected) => ({ roles: [role], forceChangePassword, profile: null, banSelected })),
  ),
);

describe('page calls follow the page (server mayCall = routeAccess of the page)', () => {
  const entries = Object.entries(PAGE_OF) as [EndpointName, string][];

  it('covers the administration search and debt control', () => {
    expect(entries.map(([, page]) => page)).toEqual(
      expect.arrayContaining(['/administration/search', '/debt-control']),
    );
  });

  it.each(entries)('%s ↔ %s', (name, page) => {
    for (const facts of FACTS) {
      const v = viewer(facts);
      expect(
        mayCall(name, v),
        `${facts.roles[0]} forced=${facts.forceChangePassword} ban=${facts.banSelected}`,
      ).toBe(routeAccess(page, facts) === 'allow');
    }
  });

  it('spot checks written from spec 6: OKK R010 may list debts, the admin R000 and a curator R004 may not', () => {
    const plain = (role: string) =>
      viewer({ roles: [role], forceChangePassword: false, profile: null, banSelected: false });
    expect(mayCall('debt.list', plain('R010'))).toBe(true);
    expect(mayCall('debt.list', plain('R000'))).toBe(false);
    expect(mayCall('debt.list', plain('R004'))).toBe(false);
    expect(mayCall('admin.search', plain('R002'))).toBe(true);
    expect(mayCall('admin.search', plain('R010'))).toBe(false);
  });
});
