import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, waitFor } from 'xstate';
import { createBlockRestoreLogic } from '@/app/block-restore.actors';
import type { BlockRestoreRequest, DocumentCreateEvent } from '@/machines/block-restore.machine';
import { selectSigningRef } from '@/machines/block-restore.selectors';
import { createApiClient } from '@/services/api/client';
import { createEimzoClient } from '@/services/eimzo/eimzo-client';
import { type SimulatorHandle, startSimulator } from '../../server/eimzo/simulator';
import { socketFrom, TEST_KEYS, tempDir } from '../support/eimzo';
import { createHarness } from './harness';

/**
 * The real composition (src/app/block-restore.actors.ts): the block/restore chart with the real signing chart,
 * the real API client against the reference backend, and the real E-IMZO client against the simulator.
 */

const CURATOR_BAN = '100234561';
let sim: SimulatorHandle;
const data = tempDir('block-flow-');
const previousDir = process.env.EIMZO_DATA_DIR;

beforeAll(async () => {
  process.env.EIMZO_DATA_DIR = data.dir;
  sim = await startSimulator({
    port: 0,
    controlPort: 0,
    dataDir: data.dir,
    keys: TEST_KEYS,
    mode: 'scripted',
  });
});

afterAll(async () => {
  await sim.close();
  data.remove();
  if (previousDir === undefined) delete process.env.EIMZO_DATA_DIR;
  else process.env.EIMZO_DATA_DIR = previousDir;
});

afterEach(async () => {
  sim.clearScript();
  sim.setVersion({ major: 6, minor: 4, patch: 7 });
  await sim.setRunning(true);
});

async function flowFor(login: string, opts: { impersonate?: string } = {}) {
  const h = createHarness();
  // the simulator stamps the real time into its signatures; the server accepts only a signing time near its clock
  h.clock.set(Date.now());
  const agent = h.agent();
  await agent.login(login);
  const api = createApiClient({ baseURL: 'http://portal.test/api/', fetch: agent.fetch });
  if (opts.impersonate) await api.call('admin.impersonate', { body: { ban: opts.impersonate } });
  const real = createEimzoClient({
    url: sim.url,
    WebSocketImpl: socketFrom('http://localhost:3000'),
    timeoutMs: 2000,
  });
  const moduleCalls: string[] = [];
  // every module call is recorded (by method name) before it goes to the simulator
  const eimzo = Object.fromEntries(
    Object.entries(real).map(([name, fn]) => [
      name,
      (...args: unknown[]) => {
        moduleCalls.push(name);
        return (fn as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as unknown as typeof real;
  const logic = createBlockRestoreLogic(async () => api, { eimzo });
  const actor = createActor(logic);
  const documents: DocumentCreateEvent[] = [];
  actor.on('document.create', (e) => documents.push(e));
  actor.start();
  return { actor, documents, h, moduleCalls };
}

const wholeBan: BlockRestoreRequest = {
  action: 'block',
  sn: null,
  ban: CURATOR_BAN,
  profileType: 5,
  impersonating: false,
};

async function confirm(actor: ReturnType<typeof createActor<ReturnType<typeof createBlockRestoreLogic>>>) {
  await waitFor(actor, (s) => s.matches('confirming'), { timeout: 5000 });
  actor.send({ type: 'dialog.confirm' });
}

describe('block/restore through the real services', () => {
  it('a curator blocks the account: module key, scripted password, server verification, suspend, document', async () => {
    const { actor, documents, moduleCalls } = await flowFor('curator');

    actor.send({ type: 'toggle.press', request: wholeBan });
    await confirm(actor);
    await waitFor(actor, (s) => s.matches('partiallyFailed') || s.matches('succeeded'), { timeout: 10_000 });

    expect(actor.getSnapshot().context.acceptedNumbers.length).toBeGreaterThan(1000);
    expect(documents).toHaveLength(1);
    expect(moduleCalls).toEqual(['version', 'apikey', 'listKeys', 'loadKey', 'sign', 'unloadKey']);
    expect(documents[0]?.companyInfo).toMatchObject({ keySerialId: '7a3c0002', companyTin: '302145876' });
  });

  it('a wrong password (module 5.x) shows its failure; retry with the right one goes through', async () => {
    sim.setVersion({ major: 5, minor: 17, patch: 0 });
    sim.script('wrongPassword');
    const { actor } = await flowFor('curator');

    actor.send({ type: 'toggle.press', request: wholeBan });
    await confirm(actor);
    const signing = selectSigningRef(actor.getSnapshot()) as AnyActorRef;
    await waitFor(signing, (s) => s.value === 'wrongPassword', { timeout: 5000 });
    signing.send({ type: 'signing.retry' });
    await waitFor(actor, (s) => s.matches('partiallyFailed') || s.matches('succeeded'), { timeout: 10_000 });

    expect(actor.getSnapshot().context.errorCode).toBeNull();
  });

  it('a stopped module shows the connection error; version 4.39 shows the update warning', async () => {
    await sim.setRunning(false);
    const first = await flowFor('curator');
    first.actor.send({ type: 'toggle.press', request: wholeBan });
    await confirm(first.actor);
    const down = selectSigningRef(first.actor.getSnapshot()) as AnyActorRef;
    await waitFor(down, (s) => s.value === 'moduleUnavailable', { timeout: 5000 });
    await sim.setRunning(true);
    sim.setVersion({ major: 4, minor: 39, patch: 0 });
    const second = await flowFor('curator');
    second.actor.send({ type: 'toggle.press', request: wholeBan });
    await confirm(second.actor);
    const old = selectSigningRef(second.actor.getSnapshot()) as AnyActorRef;
    await waitFor(old, (s) => s.value === 'outdated', { timeout: 5000 });

    expect(down.getSnapshot().context.errorCode).toBe('eimzo.connection');
    expect(old.getSnapshot().context.errorCode).toBe('eimzo.oldVersion');
  });

  it('an administrator impersonating the client is refused before the module is asked', async () => {
    const { actor, moduleCalls } = await flowFor('admin', { impersonate: CURATOR_BAN });

    actor.send({ type: 'toggle.press', request: { ...wholeBan, impersonating: true } });
    await confirm(actor);
    const signing = selectSigningRef(actor.getSnapshot()) as AnyActorRef;
    await waitFor(signing, (s) => s.value === 'refused', { timeout: 5000 });

    expect(signing.getSnapshot().context.errorCode).toBe('eimzo.impersonating');
    expect(moduleCalls).toEqual([]);
  });
});
