/**
 * The administration actors of src/app/admin.actors.ts with the real API client against the real reference backend:
 * what the search box, impersonation, user search and user form really send and get back.
 */
import { describe, expect, it } from 'vitest';
import { type AnyActorLogic, createActor, waitFor } from 'xstate';
import { createAdminLogic } from '../../src/app/admin.actors';
import { appApiOf } from '../../src/app/api';
import { ApiFailure } from '../../src/services/api/api-error';
import { createApiClient } from '../../src/services/api/client';
import { createHarness, type Harness } from './harness';

async function signedIn(h: Harness, login: string) {
  const agent = h.agent();
  const client = createApiClient({ baseURL: 'http://portal.test/api/', fetch: agent.fetch });
  await client.call('session.login', { body: { login, password: 'Demo-2026' } });
  const logic = createAdminLogic(appApiOf(async () => client));
  const services = {
    searchBoxLogic: logic.searchBox,
    impersonationLogic: logic.impersonation,
    userSearchLogic: logic.userSearch,
    userAdminLogic: logic.userAdmin,
  };
  return { services, client };
}

/** Runs one actor of a provided machine's implementations with `input` and returns its output. */
async function run<T>(
  logic: { implementations: { actors: Record<string, unknown> } },
  name: string,
  input?: unknown,
) {
  const actor = createActor(logic.implementations.actors[name] as AnyActorLogic, { input });
  actor.start();
  const done = await waitFor(actor, (s) => s.status !== 'active');
  if (done.status === 'error') throw done.error;
  return done.output as T;
}

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'OKOK';
  } catch (e) {
    return e instanceof ApiFailure ? e.code : String(e);
  }
};

describe('admin services against the reference backend', () => {
  it('looks up a BAN and a number for the search box, E018 when unknown', async () => {
    const h = createHarness();
    const { services } = await signedIn(h, 'callcenter');
    expect(await run(services.searchBoxLogic, 'lookup', { kind: 'ban', value: '100234561' })).toEqual({
      target: { kind: 'ban', value: '100234561' },
      ban: '100234561',
      sn: null,
      name: 'Toshkent Savdo Invest MChJ',
    });
    expect(await run(services.searchBoxLogic, 'lookup', { kind: 'sn', value: '8901234567' })).toMatchObject({
      sn: '901234567',
      ban: '100457732',
    });
    expect(await codeOf(run(services.searchBoxLogic, 'lookup', { kind: 'ban', value: '999999999' }))).toBe(
      'E018',
    );
  });

  it('impersonates and goes back', async () => {
    const h = createHarness();
    const { services, client } = await signedIn(h, 'admin');
    const viewed = await run(services.impersonationLogic, 'startImpersonation', {
      kind: 'ban',
      value: '100234561',
    });
    expect(viewed).toEqual({
      ban: '100234561',
      sn: null,
      name: 'Toshkent Savdo Invest MChJ',
      actor: 'admin',
    });
    expect((await client.call('session.user')).backToHeadBan).toBe(true);
    await run(services.impersonationLogic, 'backToHead');
    expect((await client.call('session.user')).backToHeadBan).toBe(false);
  });

  it('searches users with the tab filter, blocks and unblocks', async () => {
    const h = createHarness();
    const { services } = await signedIn(h, 'admin');
    const page = await run<{
      list: { user_id: number; user_name: string; status: string }[];
      pageSize: number;
    }>(services.userSearchLogic, 'searchUsers', { q: 'seller', status: 'active', pageNo: 0, pageSize: 45 });
    expect(page.pageSize).toBe(45);
    const seller = page.list.find((u) => u.user_name === 'seller');
    expect(seller?.status).toBe('active');
    const userId = String(seller?.user_id);
    await run(services.userSearchLogic, 'setBlocked', { userId, userName: 'seller', blocked: true });
    const blocked = await run<{ list: { user_name: string }[] }>(services.userSearchLogic, 'searchUsers', {
      q: 'seller',
      status: 'blocked',
      pageNo: 0,
      pageSize: 45,
    });
    expect(blocked.list.map((u) => u.user_name)).toContain('seller');
    await run(services.userSearchLogic, 'setBlocked', { userId, userName: 'seller', blocked: false });
  });

  it('loads, updates and creates users; E135 when the company binding changes', async () => {
    const h = createHarness();
    const { services } = await signedIn(h, 'admin');
    const curatorId = String(
      (h.db.prepare("SELECT id FROM users WHERE login = 'curator'").get() as { id: number }).id,
    );
    const details = await run<{ user_name: string; ban: string }>(services.userAdminLogic, 'getUser', {
      userId: curatorId,
    });
    expect(details).toMatchObject({ user_name: 'curator', ban: '100234561' });
    expect(
      await run(services.userAdminLogic, 'saveUser', {
        mode: 'edit',
        userId: curatorId,
        body: { full_name: 'Abdullayeva Malika Rustamovna' },
      }),
    ).toEqual({ userId: curatorId });
    expect(
      await codeOf(
        run(services.userAdminLogic, 'saveUser', {
          mode: 'edit',
          userId: curatorId,
          body: { ban: '100388204' },
        }),
      ),
    ).toBe('E135');
    const created = await run<{ userId: string }>(services.userAdminLogic, 'saveUser', {
      mode: 'create',
      body: { kind: 'admin', user_name: 'svc.operator', roles: ['R008'] },
    });
    expect(created.userId).toMatch(/^\d+$/);
  });
});
