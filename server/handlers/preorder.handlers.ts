/**
 * The public onboarding on the reference backend (spec 3 "Pre-order registration", "Client registration
 * draft", "Market code"; spec 4 registration wizard and phone reservation flag; spec 7 "Pre-order and registration";
 * docs/decisions.md "New client and pre-registration" NC1-NC10).
 *
 * - Cities, agents, the services catalogue, check-login and the QR categories are public.
 * - A company's tax data, BANs and pre-order status are not public (NC3): they are answered only with a proof token
 *   from `online-sales/pre-order/prove`, which verifies a signed one-time challenge over `{user:{tin}}` against the
 *   test CA and the TIN (`consumeDraftSignature`). A session user of the company (or staff with the orders section)
 *   may ask banList and status without a proof.
 * - `pre-order/create` verifies the application's signature against the CA, matches the certificate's TIN to the
 *   form's `user.tin`, consumes its challenge (a replay finds it used), and writes the pre-order and its signed
 *   application document (the one documents table, registrationRef `preorder:<id>`) in one transaction.
 */
import { createHash, randomBytes } from 'node:crypto';
import { categoriesReply } from '../../src/domain/golden-categories.rules';
import { applicationRefused, isOpenPreorder } from '../../src/domain/preorder.rules';
import {
  mayListPreorders,
  nextPreorderStatuses,
  reservationAfter,
} from '../../src/domain/preorder-list.rules';
import { validateTin } from '../../src/domain/validators.rules';
import { MINUTE } from '../clock';
import { ApiError, ensure, type Handlers, type RequestSession, type Services } from '../handler';
import { AGENTS, MARKET_CODES, QR_EXAMPLES, servicesCatalogue } from '../preorder/preorder-data';
import { insertDocument } from '../store/documents.store';
import { currentInventory } from '../store/inventory.store';
import { consumeDraftSignature } from './block.handlers';

/** A proof opens the company's data for this long (NC3). */
export const PROOF_TTL_MS = 30 * MINUTE;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The TIN's data is the caller's to see: a valid proof for that TIN, the company's own session, or staff with the
 *  orders section. Anything else: E094 (registration not found or other user's). */
function ensureMaySee(
  svc: Services,
  session: RequestSession | null,
  tin: string,
  proof: string | undefined,
): void {
  if (proof !== undefined && svc.preorders.hasProof(hashToken(proof), tin, svc.clock.now())) return;
  if (session && !session.viewer.impersonating && session.viewer.ownProfile?.tin === tin) return;
  if (session && mayListPreorders(session.viewer.facts)) return;
  throw new ApiError('E094', 'prove the key of this TIN first');
}

const knownCity = (code: string) => MARKET_CODES.some((m) => m.code === code);

export const preorderHandlers: Handlers = {
  'preorder.marketCodes': () => MARKET_CODES.map((m) => ({ ...m })),
  'preorder.agents': () => AGENTS.map((a) => ({ ...a })),
  // the two spec paths of one catalogue answer from one function (PU1)
  'preorder.services': () => servicesCatalogue(),
  'preorder.onlineServices': () => servicesCatalogue(),
  // the one catalogue (NC16), as golden-number/categories answers it; the examples are free numbers of the one
  // inventory (finding 25, PRI4): never one somebody holds
  'golden.categoriesQr': ({ svc }) => {
    const reply = categoriesReply();
    const inventory = currentInventory(svc.inventory, svc.clock.now());
    return {
      ...reply,
      categories: reply.categories.map((c) => ({
        ...c,
        examples: inventory.freeExamples(c.id, QR_EXAMPLES),
      })),
    };
  },

  'preorder.checkLogin': ({ input, svc }) => ({
    free: !svc.preorders.loginTaken(input.query.userName),
  }),

  'preorder.prove': async ({ input, svc }) => {
    const { tin, pcs7 } = input.body;
    const problem = validateTin(tin);
    ensure(problem !== 'E026', 'E026');
    const r = await consumeDraftSignature(svc, pcs7, { user: { tin } }, 'key-proof');
    if (!r.ok) {
      svc.logger.warn('preorder.proofRejected', { reason: r.reason });
      throw new ApiError(r.reason === 'noCompanyInn' ? 'E026' : 'E094', r.reason);
    }
    const proof = randomBytes(24).toString('base64url');
    const now = svc.clock.now();
    const expiresAt = now + PROOF_TTL_MS;
    svc.preorders.insertProof({
      tokenHash: hashToken(proof),
      tin,
      keySerial: r.serialNumber,
      now,
      expiresAt,
    });
    return { proof, expiresAt };
  },

  'preorder.company': ({ input, session, svc }) => {
    const { inn, proof } = input.query;
    ensureMaySee(svc, session, inn, proof);
    const data = svc.preorders.taxData(inn);
    ensure(data, 'E094', 'the tax service knows no such company');
    return data as never;
  },

  'preorder.banList': ({ input, session, svc }) => {
    const { inn, marketCode, proof } = input.query;
    ensure(knownCity(marketCode), 'E101', 'unknown market code');
    ensureMaySee(svc, session, inn, proof);
    return svc.preorders.bansOf(inn);
  },

  'preorder.status': ({ input, session, svc }) => {
    const { inn, proof, ban } = input.query;
    const city = input.query['market-code'];
    ensure(knownCity(city), 'E101', 'unknown market code');
    ensure(validateTin(inn) !== 'E026', 'E026');
    ensureMaySee(svc, session, inn, proof);
    const store = svc.preorders;
    if (ban !== undefined) ensure(store.bansOf(inn).includes(ban), 'E094', 'not a BAN of this company');
    // NC25: an open pre-order in another city is answered too (with its city), as pre-order/create refuses it
    const anywhere = store.latestAnywhere(inn);
    const latest = isOpenPreorder(anywhere?.status) ? anywhere : store.latestOf(inn, city);
    return {
      city: latest?.marketCode ?? city,
      esfKey: inn,
      ban: ban ?? null,
      status: latest?.status ?? null,
    };
  },

  'preorder.create': async ({ input, svc }) => {
    const { pkcs7, ...draft } = input.body;
    const tin = draft.user.tin;
    ensure(validateTin(tin) !== 'E026', 'E026');
    ensure(knownCity(draft.user.city), 'E101', 'unknown market code');
    ensure(typeof pkcs7 === 'string' && pkcs7 !== '', 'E094', 'the application must be signed');
    const store = svc.preorders;
    ensure(
      !applicationRefused(store.bansOf(tin), store.latestAnywhere(tin)?.status),
      'E004',
      'this company is registered or has a pre-order',
    );
    ensure(!store.loginTaken(draft.account.login), 'E004', 'login taken');
    const signed = await consumeDraftSignature(
      svc,
      pkcs7,
      draft as typeof draft & Record<string, unknown>,
      'preregister',
    );
    if (!signed.ok) {
      svc.logger.warn('preorder.signatureRejected', { reason: signed.reason });
      throw new ApiError(signed.reason === 'noCompanyInn' ? 'E026' : 'E094', signed.reason);
    }
    const now = svc.clock.now();
    const phoneReserved = (draft.orders?.length ?? 0) > 0;
    const companyName = draft.user.name;
    const id = svc.db.transaction(() => {
      const created = store.insert({
        tin,
        marketCode: draft.user.city,
        companyName,
        login: draft.account.login,
        email: draft.contactFace.email,
        connectType: draft.info.connectType,
        agentName: draft.info.agentName ?? draft.info.b2bOperName ?? null,
        phoneReserved,
        keySerial: signed.serialNumber,
        data: draft,
        pkcs7: signed.pkcs7b64WithTimestamp,
        now,
      });
      for (const lang of ['ru', 'uz'] as const) {
        const ru = lang === 'ru';
        insertDocument(svc.db, {
          type: 1,
          ban: null,
          tin,
          registrationRef: `preorder:${created}`,
          lang,
          title: ru ? `Заявка на подключение № ${created}` : `Ulanish uchun ariza № ${created}`,
          body: [
            {
              kind: 'heading',
              text: ru ? `Заявка на подключение № ${created}` : `Ulanish uchun ariza № ${created}`,
            },
            { kind: 'paragraph', text: `${companyName}, ${ru ? 'ИНН' : 'STIR'} ${tin}` },
            { kind: 'paragraph', text: `${ru ? 'Логин' : 'Login'}: ${draft.account.login}` },
            {
              kind: 'small',
              text: ru
                ? `Подписано ЭЦП, ключ ${signed.serialNumber}`
                : `ERI bilan imzolangan, kalit ${signed.serialNumber}`,
            },
          ],
          data: { preorderId: created, keySerial: signed.serialNumber },
          status: 1,
          createdBy: null,
          now,
        });
      }
      return created;
    })();
    svc.logger.info('preorder.created', { id, keySerial: signed.serialNumber });
    return { id, status: 'new', ban: null, phoneReserved };
  },

  'preorder.list': ({ input, session, svc }) => {
    ensure(mayListPreorders(session.viewer.facts), 'E005');
    return svc.preorders.list(input.query.page);
  },
  // NC12: staff move a pre-order along its statuses; registered or rejected releases the reserved numbers (spec 4
  // "Phone reservation flag: … false after successful registration"); one conditional UPDATE, so two staff moving the
  // same pre-order at once cannot both move it from the same status
  'preorder.setStatus': ({ input, session, svc }) => {
    ensure(mayListPreorders(session.viewer.facts), 'E005');
    const store = svc.preorders;
    const id = Number(input.params.id);
    const to = input.body.status;
    const p = store.get(id);
    ensure(p, 'E013', 'no such pre-order');
    ensure(nextPreorderStatuses(p.status).includes(to), 'E101', `${p.status} → ${to}`);
    const phoneReserved = reservationAfter(to, p.phoneReserved);
    ensure(store.setStatus(id, p.status, to, phoneReserved), 'E101', 'moved meanwhile');
    svc.logger.info('preorder.status', { preorderId: id, from: p.status, to, userId: session.user.id });
    return { id, status: to, phoneReserved };
  },
};
