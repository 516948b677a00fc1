import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/demo-accounts';

/** README's demo-logins table must say what the seed really holds. */
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

function rows(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const section = readme.split('## Demo logins')[1]?.split('\n## ')[0] ?? '';
  for (const line of section.split('\n')) {
    if (!line.startsWith('|') || line.includes('---')) continue;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells[0] && cells[0] !== 'login') out.set(cells[0], cells);
  }
  return out;
}

describe('README demo logins', () => {
  it('names the shared password', () => {
    expect(readme).toContain(`\`${DEMO_PASSWORD}\``);
  });

  it('lists exactly the seeded accounts', () => {
    expect([...rows().keys()].sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.login).sort());
  });

  it.each(DEMO_ACCOUNTS.map((a) => [a.login, a] as const))('row %s matches the seed', (login, account) => {
    const cells = rows().get(login);
    expect(cells).toBeDefined();
    expect(cells?.[1]).toBe(account.roles.join(', '));
    expect(cells?.[2]).toBe(account.profile);
    expect(cells?.[3]).toBe(account.tryThis);
  });
});
