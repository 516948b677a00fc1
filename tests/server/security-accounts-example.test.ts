import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_COMPANIES, DEMO_PASSWORD } from '../../server/db/demo-accounts';
import { readSecurityAccounts } from '../remote/accounts';
import { seededDb } from './harness';

/**
 * tests/remote/accounts.example.json is what `npm run test:security` uses against the reference backend it starts
 * (README, Security suite over HTTP): it must name the demo accounts with the roles its checks assume, and the ids
 * and BANs the seed really gives them, or the suite would aim at the wrong accounts.
 */
const example = readSecurityAccounts(
  fileURLToPath(new URL('../remote/accounts.example.json', import.meta.url)),
);

const ROLE_OF: Record<keyof typeof example.accounts, string[]> = {
  admin: ['R000'],
  helpdesk: ['R002'],
  callcenter: ['R003'],
  curator: ['R004'],
  keyowner: ['R007'],
  subscriber: ['R001'],
  multirole: ['R008', 'R005'],
};

describe('the security suite’s example accounts file', () => {
  it('names demo accounts with the roles each check assumes, and the demo password', () => {
    for (const [role, credentials] of Object.entries(example.accounts)) {
      const account = DEMO_ACCOUNTS.find((a) => a.login === credentials?.login);
      expect([role, account?.roles]).toEqual([role, ROLE_OF[role as keyof typeof ROLE_OF]]);
      expect(credentials?.password).toBe(DEMO_PASSWORD);
    }
  });

  it('names the ids and BANs the seed gives: targets of the roles the checks say, companies apart', () => {
    const db = seededDb();
    const rolesOf = (id: number) =>
      (
        db.prepare('SELECT role FROM user_roles WHERE user_id = ? ORDER BY position').all(id) as {
          role: string;
        }[]
      ).map((r) => r.role);
    const banOf = (login: string) =>
      (db.prepare('SELECT ban FROM users WHERE login = ?').get(login) as { ban: string | null }).ban;
    const { targets, accounts } = example;
    expect(rolesOf(targets.adminUserId)).toEqual(['R000']);
    expect(rolesOf(targets.helpdeskUserId)).toEqual(['R002']);
    expect(rolesOf(targets.staffUserId).some((r) => ['R000', 'R030', 'R002', 'R033'].includes(r))).toBe(
      false,
    );
    expect(rolesOf(targets.staffUserId)).not.toEqual([]);
    expect(rolesOf(targets.clientUserId).some((r) => ['R001', 'R004', 'R007'].includes(r))).toBe(true);
    expect(banOf(accounts.curator.login)).toBe(targets.ownBan);
    expect(targets.otherBan).not.toBe(targets.ownBan);
    expect(DEMO_COMPANIES.map((c) => c.ban)).toContain(targets.otherBan);
    expect(banOf(accounts.keyowner.login)).not.toBe(targets.ownBan);
    expect(banOf(accounts.subscriber.login)).not.toBe(targets.ownBan);
  });
});
