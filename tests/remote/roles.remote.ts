/**
 * Per-role refusals of docs/security.md that show over HTTP alone, each named after the finding it proves (spec 6 for
 * the client-data fences the audit found intact). Nothing is left changed: a probe either cannot change anything when
 * it is let through (an unblock of an active account, a name set to what it is), or the check undoes what a backend
 * that let it through did (as the administrator) before it fails.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type Reply, signedIn, sweepReplies, target } from './client';

const { accounts } = target();
const { targets } = accounts;
const probeLogin = (what: string) => `sec-probe-${what}-${randomBytes(4).toString('hex')}`;
const PROBE_EMAIL = 'sec-probe@example.invalid';

interface UserDetails {
  user_id: number;
  full_name?: string | null;
  roles?: string[];
  email?: string | null;
  phone?: string | null;
}

let admin: Client;
let helpdesk: Client;
let callcenter: Client;
const users = new Map<number, UserDetails>();

beforeAll(async () => {
  admin = await signedIn('admin');
  helpdesk = await signedIn('helpdesk');
  callcenter = await signedIn('callcenter');
  for (const id of [targets.adminUserId, targets.helpdeskUserId, targets.staffUserId, targets.clientUserId]) {
    const r = await admin.call('GET', `user/get/${id}`);
    if (r.status !== 'OKOK') throw new Error(`the administrator cannot read user ${id}: ${r.status}`);
    users.set(id, r.result as UserDetails);
  }
});

afterAll(async () => {
  for (const c of [admin, helpdesk, callcenter]) await c?.call('POST', 'user/logout');
});

const user = (id: number) => users.get(id) as UserDetails;

/** A call as the administrator, signing in again when a probe let through ended its session (a contact change on the
 *  administrator's own account closes its sessions). */
async function asAdmin(method: string, path: string, body?: unknown): Promise<Reply> {
  const r = await admin.call(method, path, body);
  if (r.status !== 'E009') return r;
  admin = await signedIn('admin');
  return admin.call(method, path, body);
}

/** A backend that let an account be created gets it blocked again (as the administrator). */
async function undoCreate(r: Reply): Promise<void> {
  const id = (r.result as { user_id?: number } | undefined)?.user_id;
  if (r.status === 'OKOK' && id) await asAdmin('POST', `user/block/${id}`, { blocked: true });
}

/** A backend that let an update through gets the fields back as they were (as the administrator); a contact that
 *  was empty comes back as an empty string, the contract's body takes no null. */
async function undoUpdate(r: Reply, id: number, fields: (keyof UserDetails)[]): Promise<void> {
  if (r.status !== 'OKOK') return;
  const before = user(id);
  await asAdmin('POST', `user/update/${id}`, Object.fromEntries(fields.map((f) => [f, before[f] ?? ''])));
}

describe('finding 2: per-target edit rules', () => {
  it('call centre cannot edit the administrator (not even its name set to what it is)', async () => {
    const r = await callcenter.call('POST', `user/update/${targets.adminUserId}`, {
      full_name: user(targets.adminUserId).full_name,
    });
    expect(r.status).toBe('E005');
  });

  it('call centre cannot change the administrator’s e-mail', async () => {
    const r = await callcenter.call('POST', `user/update/${targets.adminUserId}`, { email: PROBE_EMAIL });
    await undoUpdate(r, targets.adminUserId, ['email']);
    expect(r.status).toBe('E005');
  });

  it('call centre cannot block or unblock the administrator or helpdesk (asked to unblock: harmless if let through)', async () => {
    const a = await callcenter.call('POST', `user/block/${targets.adminUserId}`, { blocked: false });
    const h = await callcenter.call('POST', `user/block/${targets.helpdeskUserId}`, { blocked: false });
    expect([a.status, h.status]).toEqual(['E005', 'E005']);
  });

  it('helpdesk cannot edit the administrator, call centre cannot edit other staff', async () => {
    const h = await helpdesk.call('POST', `user/update/${targets.adminUserId}`, {
      full_name: user(targets.adminUserId).full_name,
    });
    const c = await callcenter.call('POST', `user/update/${targets.staffUserId}`, {
      full_name: user(targets.staffUserId).full_name,
    });
    expect([h.status, c.status]).toEqual(['E005', 'E005']);
  });
});

describe('finding 7: looking a company up and impersonating it need the search group', () => {
  it('helpdesk is refused both; call centre (search group) may look the company up', async () => {
    const lookup = await helpdesk.call('GET', `client/ban/${targets.otherBan}`);
    const impersonate = await helpdesk.call('POST', 'user/impersonate', { ban: targets.otherBan });
    const control = await callcenter.call('GET', `client/ban/${targets.otherBan}`);
    expect([lookup.status, impersonate.status, control.status]).toEqual(['E005', 'E005', 'OKOK']);
  });
});

describe('finding 20: nobody grants a role above their own group', () => {
  it('helpdesk cannot create an administrator (R000 or R030)', async () => {
    const created = [];
    for (const role of ['R000', 'R030']) {
      const r = await helpdesk.call('POST', 'user/create', {
        kind: 'admin',
        user_name: probeLogin(role.toLowerCase()),
        roles: [role],
        email: PROBE_EMAIL,
      });
      await undoCreate(r);
      created.push(r.status);
    }
    expect(created).toEqual(['E005', 'E005']);
  });

  it('helpdesk cannot make a staff account an administrator through user/update', async () => {
    const r = await helpdesk.call('POST', `user/update/${targets.staffUserId}`, { roles: ['R000'] });
    await undoUpdate(r, targets.staffUserId, ['roles']);
    expect(r.status).toBe('E005');
  });

  it('call centre (createSubscriber only) cannot create a staff account', async () => {
    const r = await callcenter.call('POST', 'user/create', {
      kind: 'admin',
      user_name: probeLogin('r003'),
      roles: ['R003'],
      email: PROBE_EMAIL,
    });
    await undoCreate(r);
    expect(r.status).toBe('E005');
  });
});

describe('finding 21: staff do not set a client account’s recovery e-mail or phone', () => {
  it('call centre and helpdesk are refused with E135', async () => {
    const id = targets.clientUserId;
    const seen = [];
    for (const [who, c] of [
      ['callcenter', callcenter],
      ['helpdesk', helpdesk],
    ] as const) {
      const email = await c.call('POST', `user/update/${id}`, { email: PROBE_EMAIL });
      await undoUpdate(email, id, ['email']);
      const phone = await c.call('POST', `user/update/${id}`, { phone: '998900000001' });
      await undoUpdate(phone, id, ['phone']);
      seen.push([who, email.status, phone.status]);
    }
    expect(seen).toEqual([
      ['callcenter', 'E135', 'E135'],
      ['helpdesk', 'E135', 'E135'],
    ]);
  });
});

describe('finding 22: staff cannot mint a client account with an address they type', () => {
  it('call centre creating a curator of another company with its own e-mail is refused with E135', async () => {
    const r = await callcenter.call('POST', 'user/create', {
      kind: 'subscriber',
      user_name: probeLogin('curator'),
      roles: ['R004'],
      ban: targets.otherBan,
      email: PROBE_EMAIL,
    });
    await undoCreate(r);
    expect(r.status).toBe('E135');
  });
});

describe('spec 6: a client user reads no other company’s data (fenced before the audit; docs/security.md)', () => {
  const numbers = (ban: string) => `client/numbers?ban=${ban}&status=active&page=0&size=20`;

  it('the curator reads its own company’s numbers, not another’s', async () => {
    const c = await signedIn('curator');
    const own = await c.call('GET', numbers(targets.ownBan));
    const other = await c.call('GET', numbers(targets.otherBan));
    await c.call('POST', 'user/logout');
    expect([own.status, other.status]).toEqual(['OKOK', 'E005']);
    expect(other.result).toBeUndefined();
  });

  it('a key owner and a subscriber of other companies cannot read the curator’s company', async () => {
    const seen = [];
    for (const role of ['keyowner', 'subscriber'] as const) {
      const c = await signedIn(role);
      seen.push([role, (await c.call('GET', numbers(targets.ownBan))).status]);
      await c.call('POST', 'user/logout');
    }
    expect(seen).toEqual([
      ['keyowner', 'E005'],
      ['subscriber', 'E005'],
    ]);
  });

  it('finding 7 for clients: a curator can neither look a company up nor impersonate it', async () => {
    const c = await signedIn('curator');
    const lookup = await c.call('GET', `client/ban/${targets.otherBan}`);
    const impersonate = await c.call('POST', 'user/impersonate', { ban: targets.otherBan });
    await c.call('POST', 'user/logout');
    expect([lookup.status, impersonate.status]).toEqual(['E005', 'E005']);
  });
});

describe('spec 6: a subscriber reaches no staff call', () => {
  it('user search, user details, number lookup and user creation answer E005', async () => {
    const c = await signedIn('subscriber');
    const calls: [string, string, unknown?][] = [
      ['GET', 'user/search?q=ova&pageNo=0&pageSize=45'],
      ['GET', `user/get/${targets.adminUserId}`],
      ['GET', 'client/sn/901234567'],
      [
        'POST',
        'user/create',
        { kind: 'admin', user_name: probeLogin('sub'), roles: ['R003'], email: PROBE_EMAIL },
      ],
    ];
    const seen = [];
    for (const [method, path, body] of calls) {
      const r = await c.call(method, path, body);
      if (method === 'POST') await undoCreate(r);
      seen.push([method, path, r.status]);
    }
    await c.call('POST', 'user/logout');
    expect(seen).toEqual(calls.map(([method, path]) => [method, path, 'E005']));
  });
});

describe('finding 10: a user with several roles acts as none until one is chosen', () => {
  it.skipIf(!accounts.accounts.multirole)('answers E139 to a staff call before the choice', async () => {
    const c = await signedIn('multirole');
    const before = await c.call('GET', 'user/search?q=ova&pageNo=0&pageSize=45');
    const session = await c.call('GET', 'user/');
    await c.call('POST', 'user/logout');
    expect([before.status, session.status]).toEqual(['E139', 'OKOK']);
  });
});

describe('finding 15: a user id is digits only', () => {
  it('0x…, …e0 and ….0 do not resolve to that user (E014 or E101); the plain id does', async () => {
    const id = targets.staffUserId;
    const odd = [`0x${id.toString(16)}`, `${id}e0`, `${id}.0`, `+${id}`];
    const seen = [];
    for (const v of odd) seen.push((await asAdmin('GET', `user/get/${encodeURIComponent(v)}`)).status);
    expect(seen.map((s) => ['E014', 'E101'].includes(s))).toEqual(odd.map(() => true));
    expect((await asAdmin('GET', `user/get/${id}`)).status).toBe('OKOK');
  });
});

sweepReplies();
