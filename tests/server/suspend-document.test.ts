/**
 * The block/restore document (spec 4 "Block flow" step 4; docs/decisions.md DOC8) through the real composition: the
 * block/restore chart with the real signing chart, the API client against the reference backend and the E-IMZO
 * client against the simulator. Key owner 'keyowner-nobuy' (Andijon Avto Logistika, key 7a3c0004) blocks one number;
 * a type-7 document appears under suspend documents with the accepted number and the signer's company info, and its
 * PDF says who signed what and when.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createBlockRestoreLogic } from '@/app/block-restore.actors';
import { tashkentDay } from '@/domain/dates.rules';
import { createApiClient } from '@/services/api/client';
import { createEimzoClient } from '@/services/eimzo/eimzo-client';
import { DEMO_KEYS } from '../../server/eimzo/demo-keys';
import { type SimulatorHandle, startSimulator } from '../../server/eimzo/simulator';
import { socketFrom, tempDir } from '../support/eimzo';
import { createHarness } from './harness';
import { pdfText } from './pdf-text';

const BAN = '100783350';
let sim: SimulatorHandle;
const data = tempDir('suspend-doc-');
const previousDir = process.env.EIMZO_DATA_DIR;

beforeAll(async () => {
  process.env.EIMZO_DATA_DIR = data.dir;
  sim = await startSimulator({
    port: 0,
    controlPort: 0,
    dataDir: data.dir,
    keys: DEMO_KEYS.filter((k) => k.serialNumber === '7a3c0004'),
    mode: 'scripted',
  });
});

afterAll(async () => {
  await sim.close();
  data.remove();
  if (previousDir === undefined) delete process.env.EIMZO_DATA_DIR;
  else process.env.EIMZO_DATA_DIR = previousDir;
});

describe('a signed block documents itself', () => {
  it('creates a type-7 document with the accepted number, companyInfo and the text in both languages', async () => {
    const h = createHarness();
    h.clock.set(Date.now());
    const agent = h.agent();
    await agent.login('keyowner-nobuy');
    const api = createApiClient({ baseURL: 'http://portal.test/api/', fetch: agent.fetch });
    const sn = (
      h.db
        .prepare("SELECT sn FROM numbers WHERE ban = ? AND status IN ('A', 'O') ORDER BY sn LIMIT 1")
        .get(BAN) as {
        sn: string;
      }
    ).sn;
    const eimzo = createEimzoClient({
      url: sim.url,
      WebSocketImpl: socketFrom('http://localhost:3000'),
      timeoutMs: 2000,
    });
    const actor = createActor(createBlockRestoreLogic(async () => api, { eimzo })).start();
    actor.send({
      type: 'toggle.press',
      request: { action: 'block', sn, ban: BAN, profileType: 40, impersonating: false },
    });
    await waitFor(actor, (s) => s.matches('confirming'), { timeout: 5000 });
    actor.send({ type: 'dialog.confirm' });
    await waitFor(
      actor,
      (s) => s.matches('succeeded') || s.matches('partiallyFailed') || s.matches('failed'),
      {
        timeout: 10_000,
      },
    );
    expect(actor.getSnapshot().value).toBe('succeeded');

    // the documents' days are Tashkent days (UTC+5): from 19:00 UTC on, the UTC date is yesterday there
    const today = tashkentDay(h.clock.now());
    const docs = await api.call('documents.byType', { query: { type: 7, ban: BAN, dt1: today, dt2: today } });
    expect(docs).toHaveLength(1);
    const id = String(docs[0]?.id);
    const details = await api.call('documents.detailed', { query: { docId: id } });
    expect(details.json).toMatchObject({
      action: 'block',
      acceptedNumbers: [sn],
      companyInfo: {
        keySerialId: '7a3c0004',
        companyName: 'Andijon Avto Logistika MChJ',
        companyTin: '207745129',
        companyDirectorKeyName: expect.any(String),
        clientSignDate: expect.any(String),
        clientSign: expect.any(String),
      },
    });
    const phone = `+998 ${sn.slice(0, 2)} ${sn.slice(2, 5)} ${sn.slice(5, 7)} ${sn.slice(7)}`;
    const ru = await pdfText(
      new Uint8Array(
        await (
          await api.download('documents.reDownload', { query: { docId: id, lang: 'ru' } })
        ).arrayBuffer(),
      ),
    );
    expect(ru).toContain('Заявление о блокировке номеров');
    expect(ru).toContain('Andijon Avto Logistika');
    expect(ru).toContain(phone);
    expect(ru).toContain('7a3c0004');
    expect(ru).toContain('Подписано электронной подписью');
    const uz = await pdfText(
      new Uint8Array(
        await (
          await api.download('documents.reDownload', { query: { docId: id, lang: 'uz' } })
        ).arrayBuffer(),
      ),
    );
    expect(uz).toContain('Raqamlarni bloklash toʻgʻrisida ariza');
    expect(uz).toContain('Elektron imzo bilan imzolangan');
  });
});
