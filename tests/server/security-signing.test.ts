import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applicationDocument, keyProofDocument } from '@/domain/preregistration-signing.rules';
import {
  type SigningAction,
  type SigningTargets,
  signingDocument,
  signingDocumentText,
} from '@/domain/signing-document.rules';
import { createServices } from '../../server/app';
import { MINUTE } from '../../server/clock';
import { type DemoKeyMaterial, loadOrCreateCa, loadOrCreateDemoKeyMaterial } from '../../server/eimzo/ca';
import { createSignedData } from '../../server/eimzo/cms';
import { consumeDraftSignature, draftHash } from '../../server/handlers/block.handlers';
import { MAIN_KEY, TEST_KEYS, tempDir } from '../support/eimzo';
import { type Agent, createHarness, type Harness } from './harness';

/** Finding 3 (docs/security.md): a signature authorises one request, for its challenge, near its signing time. */

const CURATOR_BAN = '100234561';
const data = tempDir('security-signing-');
let key: DemoKeyMaterial;

beforeAll(() => {
  const ca = loadOrCreateCa(data.dir);
  key = loadOrCreateDemoKeyMaterial(ca, TEST_KEYS).get(MAIN_KEY.serialNumber) as DemoKeyMaterial;
});
afterAll(() => data.remove());

let h: Harness;
beforeEach(() => {
  h = createHarness({ config: { eimzoDataDir: data.dir } });
});

const sign = (text: string, signingTime = new Date(h.clock.now())) =>
  createSignedData(Buffer.from(text, 'utf8'), key, { signingTime }).der.toString('base64');

const docText = (action: SigningAction, targets: SigningTargets, challenge: string | null) =>
  signingDocumentText(signingDocument(action, targets, challenge));

async function curator(): Promise<Agent> {
  const a = h.agent();
  expect((await a.login('curator')).status).toBe('OKOK');
  return a;
}

const activeNumbers = (n: number) =>
  (
    h.db
      .prepare("SELECT sn FROM numbers WHERE ban = ? AND status = 'A' ORDER BY sn LIMIT ?")
      .all(CURATOR_BAN, n) as { sn: string }[]
  ).map((r) => r.sn);

async function challenge(a: Agent, action: SigningAction, targets: SigningTargets): Promise<string> {
  const r = await a.call('POST', 'signing/challenge', { action, targets });
  expect(r.status).toBe('OKOK');
  return (r.result as { challenge: string }).challenge;
}

const verify = async (a: Agent, pcs7: string) =>
  (await a.call('POST', 'online-sales/documents/verify', { pcs7 })).result as {
    code: number;
    pkcs7b64WithTimestamp: string | null;
    reason?: string;
  };

// suspend and restore are GETs that change state: they carry the CSRF header
const csrf = { headers: { 'x-requested-with': 'portal' } };
const suspend = (a: Agent, sn: string) =>
  a.call('GET', `client/suspend?ban=${CURATOR_BAN}&sn=${sn}`, undefined, csrf);
const restore = (a: Agent, sn: string) =>
  a.call('GET', `client/restore?ban=${CURATOR_BAN}&sn=${sn}`, undefined, csrf);
/** Signatures the server stored since the harness was made (the demo seed's are older: AL7). */
const signatureRows = () =>
  (
    h.db.prepare('SELECT COUNT(*) AS n FROM block_signatures WHERE id > ?').get(h.seeded.signatures) as {
      n: number;
    }
  ).n;

describe('finding 3: signature replay', () => {
  it('accepts a re-posted signature only once (one row, however often it is posted)', async () => {
    const a = await curator();
    const [sn] = activeNumbers(1) as [string];
    const targets: SigningTargets = { kind: 'number', ban: CURATOR_BAN, sn };
    const pcs7 = sign(docText('block', targets, await challenge(a, 'block', targets)));

    const first = await verify(a, pcs7);
    const again = await verify(a, pcs7);

    expect(first.code).toBe(1);
    expect([again.code, again.reason]).toEqual([0, 'challengeUsedOrUnknown']);
    expect(signatureRows()).toBe(1);
    expect((await suspend(a, sn)).status).toBe('OKOK');
    expect((await suspend(a, sn)).status).toBe('E005');
  });

  it('consumes a challenge with one conditional update: of parallel verifies exactly one wins', async () => {
    const a = await curator();
    const targets: SigningTargets = { kind: 'ban', ban: CURATOR_BAN };
    const pcs7 = sign(docText('block', targets, await challenge(a, 'block', targets)));

    const results = await Promise.all(Array.from({ length: 12 }, () => verify(a, pcs7)));

    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(results.filter((r) => r.code === 0)).toHaveLength(11);
    expect(signatureRows()).toBe(1);
  });

  it("refuses a restore with a block's signature, and the timestamped copy returned as clientSign", async () => {
    const a = await curator();
    const [sn] = activeNumbers(1) as [string];
    const targets: SigningTargets = { kind: 'number', ban: CURATOR_BAN, sn };
    const pcs7 = sign(docText('block', targets, await challenge(a, 'block', targets)));
    const stamped = (await verify(a, pcs7)).pkcs7b64WithTimestamp as string;

    expect((await restore(a, sn)).status).toBe('E005');
    const blocked = await suspend(a, sn);
    const clientSign = (blocked.result as { companyInfo: { clientSign: string } }).companyInfo.clientSign;
    expect(clientSign).toBe(stamped);
    expect((await verify(a, clientSign)).code).toBe(0);
    expect((await verify(a, stamped)).code).toBe(0);
  });

  it('refuses a challenge or a signature from another session', async () => {
    const a = await curator();
    const b = await curator();
    const [sn] = activeNumbers(1) as [string];
    const targets: SigningTargets = { kind: 'number', ban: CURATOR_BAN, sn };
    const pcs7 = sign(docText('block', targets, await challenge(a, 'block', targets)));

    expect((await verify(b, pcs7)).code).toBe(0);
    expect((await verify(a, pcs7)).code).toBe(1);
    expect((await suspend(b, sn)).status).toBe('E005');
  });

  it('refuses a document whose action or targets differ from its challenge, and one without a challenge', async () => {
    const a = await curator();
    const [x, y] = activeNumbers(2) as [string, string];
    const asked: SigningTargets = { kind: 'number', ban: CURATOR_BAN, sn: x };
    const c = await challenge(a, 'block', asked);

    const otherNumber = await verify(
      a,
      sign(docText('block', { kind: 'number', ban: CURATOR_BAN, sn: y }, c)),
    );
    const otherAction = await verify(a, sign(docText('restore', asked, c)));
    const none = await verify(a, sign(docText('block', asked, null)));
    const bare = await verify(a, sign(JSON.stringify({ sn: x, ban: CURATOR_BAN })));

    expect([otherNumber.code, otherAction.code, none.code, bare.code]).toEqual([0, 0, 0, 0]);
    expect([none.reason, bare.reason]).toEqual(['noChallenge', 'notASigningDocument']);
    expect(signatureRows()).toBe(0);
  });

  it('accepts a signing time only within a few minutes of now (2024 and 2030 refused)', async () => {
    const a = await curator();
    const targets: SigningTargets = { kind: 'ban', ban: CURATOR_BAN };
    const now = h.clock.now();
    const times = [Date.UTC(2024, 0, 1), Date.UTC(2030, 0, 1), now - 6 * MINUTE, now + 6 * MINUTE];
    const reasons: (string | undefined)[] = [];
    for (const t of times) {
      const r = await verify(
        a,
        sign(docText('block', targets, await challenge(a, 'block', targets)), new Date(t)),
      );
      reasons.push(r.reason);
    }
    const near = await verify(
      a,
      sign(docText('block', targets, await challenge(a, 'block', targets)), new Date(now - 4 * MINUTE)),
    );

    expect(reasons).toEqual(['signingTime', 'signingTime', 'signingTime', 'signingTime']);
    expect(near.code).toBe(1);
  });

  it('refuses an expired challenge', async () => {
    const a = await curator();
    const targets: SigningTargets = { kind: 'ban', ban: CURATOR_BAN };
    const c = await challenge(a, 'block', targets);
    h.clock.advance(11 * MINUTE);

    expect((await verify(a, sign(docText('block', targets, c)))).code).toBe(0);
  });

  it('issues challenges only to who may then act: not another company, not staff impersonating', async () => {
    const a = await curator();
    const admin = h.agent();
    await admin.login('admin');
    await admin.call('POST', 'user/impersonate', { ban: CURATOR_BAN });
    const body = { action: 'block', targets: { kind: 'ban', ban: '100561093' } };

    expect((await a.call('POST', 'signing/challenge', body)).status).toBe('E005');
    expect(
      (await admin.call('POST', 'signing/challenge', { ...body, targets: { kind: 'ban', ban: CURATOR_BAN } }))
        .status,
    ).toBe('E005');
  });

  it('blocks a list of numbers under one signature (batch), and only exactly that list', async () => {
    const a = await curator();
    const sns = activeNumbers(3);
    const targets: SigningTargets = { kind: 'numbers', ban: CURATOR_BAN, sns };
    const pcs7 = sign(docText('block', targets, await challenge(a, 'block', targets)));
    expect((await verify(a, pcs7)).code).toBe(1);

    const fewer = await a.call('POST', 'client/batch', {
      action: 'block',
      ban: CURATOR_BAN,
      sns: sns.slice(0, 2),
    });
    const restoreIt = await a.call('POST', 'client/batch', { action: 'restore', ban: CURATOR_BAN, sns });
    const exact = await a.call('POST', 'client/batch', {
      action: 'block',
      ban: CURATOR_BAN,
      sns: [...sns].reverse(),
    });
    const again = await a.call('POST', 'client/batch', { action: 'block', ban: CURATOR_BAN, sns });

    expect([fewer.status, restoreIt.status]).toEqual(['E005', 'E005']);
    expect(exact.status).toBe('OKOK');
    expect([...((exact.result as { acceptedNumbers: string[] }).acceptedNumbers ?? [])].sort()).toEqual(sns);
    expect(again.status).toBe('E005');
  });

  it('binds the public pre-registration challenge to the draft, not to a session', async () => {
    const draft = { user: { tin: '302145876', name: 'Savdo' }, business: { phone: '998712000000' } };
    const anonymous = h.agent();

    const r = await anonymous.call('POST', 'online-sales/pre-order/signing-challenge', { draft });
    const reordered = draftHash({
      business: { phone: '998712000000' },
      user: { name: 'Savdo', tin: '302145876' },
    });
    const row = h.db
      .prepare('SELECT session_hash, draft_hash, action FROM signing_challenges WHERE challenge = ?')
      .get((r.result as { challenge: string }).challenge);

    expect(r.status).toBe('OKOK');
    expect((r.result as { draftHash: string }).draftHash).toBe(reordered);
    expect(row).toEqual({ session_hash: null, draft_hash: reordered, action: 'preregister' });
  });

  it('consumes a pre-registration signature once, only for its draft', async () => {
    const draft = { user: { tin: '302145876', name: 'Savdo' }, business: { phone: '998712000000' } };
    const r = await h.agent().call('POST', 'online-sales/pre-order/signing-challenge', { draft });
    const { challenge, draftHash: hash } = r.result as { challenge: string; draftHash: string };
    const svc = createServices({ db: h.db, clock: h.clock, config: { eimzoDataDir: data.dir } });
    const pcs7 = sign(signingDocumentText(applicationDocument(draft, 'ru', hash, challenge)));

    const otherDraft = await consumeDraftSignature(
      svc,
      pcs7,
      { ...draft, bank: { mfo: '00014' } },
      'preregister',
    );
    const first = await consumeDraftSignature(svc, pcs7, draft, 'preregister');
    const again = await consumeDraftSignature(svc, pcs7, draft, 'preregister');

    expect(otherDraft).toEqual({ ok: false, reason: 'otherDocument' });
    expect(first.ok).toBe(true);
    expect(again).toEqual({ ok: false, reason: 'challengeUsedOrUnknown' });
  });

  // NC20-NC22: the key proof and the application are two signing actions; neither passes for the other
  describe("the wizard's two signatures", () => {
    const tin = '302145876';
    const draft = {
      user: { tin, name: 'Savdo', city: 'BHK', oked: '62010' },
      business: { address: 'Buxoro sh.', phone: '998652001122' },
      bank: { bankName: 'Hamkorbank', bankAccount: '20208000905512345001', mfo: '00083' },
      contactFace: {
        lastName: 'Rahimova',
        name: 'Dilnoza',
        doljnost: 'direktor',
        birthDay: '1985-04-12',
        passport: 'AB1234567',
        email: 'info@savdo.uz',
        phone: '998901112233',
      },
      account: { login: 'savdo1' },
      info: { connectType: 1 },
      licenceAccepted: true,
    };
    const svc = () => createServices({ db: h.db, clock: h.clock, config: { eimzoDataDir: data.dir } });
    const challengeFor = async (body: unknown, action: 'key-proof' | 'preregister') => {
      const r = await h
        .agent()
        .call('POST', 'online-sales/pre-order/signing-challenge', { draft: body, action });
      return r.result as { challenge: string; draftHash: string };
    };

    it('issues the challenge for the action asked', async () => {
      const c = await challengeFor({ user: { tin } }, 'key-proof');
      const row = h.db.prepare('SELECT action FROM signing_challenges WHERE challenge = ?').get(c.challenge);
      expect(row).toEqual({ action: 'key-proof' });
    });

    it('accepts a key proof at prove and refuses it in place of the application', async () => {
      const c = await challengeFor({ user: { tin } }, 'key-proof');
      const proof = sign(signingDocumentText(keyProofDocument(tin, c.draftHash, c.challenge)));
      // offered as the application (even for a draft with the same hash) it is another action
      expect(await consumeDraftSignature(svc(), proof, { user: { tin } }, 'preregister')).toEqual({
        ok: false,
        reason: 'otherAction',
      });
      expect((await consumeDraftSignature(svc(), proof, { user: { tin } }, 'key-proof')).ok).toBe(true);
    });

    it('refuses an application signature at prove (E094)', async () => {
      const c = await challengeFor({ user: { tin } }, 'key-proof');
      const app = sign(
        signingDocumentText(applicationDocument({ user: { tin } }, 'ru', c.draftHash, c.challenge)),
      );
      const r = await h.agent().call('POST', 'online-sales/pre-order/prove', { tin, pcs7: app });
      expect(r.status).toBe('E094');
    });

    it('does not let a key-proof challenge carry the application', async () => {
      const c = await challengeFor(draft, 'key-proof');
      const app = sign(signingDocumentText(applicationDocument(draft, 'uz', c.draftHash, c.challenge)));
      expect(await consumeDraftSignature(svc(), app, draft, 'preregister')).toEqual({
        ok: false,
        reason: 'challengeUsedOrUnknown',
      });
    });

    it('refuses an application whose text is not the application sent', async () => {
      const c = await challengeFor(draft, 'preregister');
      const doc = applicationDocument(draft, 'ru', c.draftHash, c.challenge);
      const tampered = sign(signingDocumentText({ ...doc, text: doc.text.replace('savdo1', 'other1') }));
      const hashOnly = sign(docText('preregister', { kind: 'draft', draftHash: c.draftHash }, c.challenge));
      expect(await consumeDraftSignature(svc(), tampered, draft, 'preregister')).toEqual({
        ok: false,
        reason: 'otherText',
      });
      expect(await consumeDraftSignature(svc(), hashOnly, draft, 'preregister')).toEqual({
        ok: false,
        reason: 'otherText',
      });
      const good = sign(signingDocumentText(doc));
      expect((await consumeDraftSignature(svc(), good, draft, 'preregister')).ok).toBe(true);
    });
  });
});
