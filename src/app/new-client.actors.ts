import { fromCallback, fromPromise } from 'xstate';
import { currentLang } from '@/i18n/i18n';
import {
  type DraftKeeperEvent,
  type NewClientMachine,
  newClientMachine,
  type ProvedCompany,
  type WizardCatalogue,
  type WizardStart,
} from '@/machines/new-client.machine';
import {
  type DraftChallenge,
  type PreorderApplication,
  type PreorderCreated,
  preRegistrationMachine,
} from '@/machines/pre-registration.machine';
import type { CreatedSignature, ListedKey } from '@/machines/signing.machine';
import {
  browserRegistrationDraftStore,
  type RegistrationDraftStore,
} from '@/services/drafts/registration-draft';
import type { EimzoClient } from '@/services/eimzo/eimzo-client';
import type { ApiLoader } from './api';
import { eimzoClientOptions } from './eimzo-options';

/**
 * Real actors of the public onboarding: the registration wizard and its pre-registration, on the app's API client and
 * the E-IMZO websocket client (its own chunk, loaded when the visitor first asks for the keys). Built by
 * `loadPublicLogic.newClient` (src/app/app-logic.ts) when /new-client first asks, never with the signed-in page
 * workflows nor with the new-numbers page's (src/app/new-numbers.actors.ts).
 */

export interface NewClientServiceOptions {
  readonly eimzo?: EimzoClient;
  readonly drafts?: RegistrationDraftStore<ListedKey>;
  readonly now?: () => Date;
}

type Catalogue = { numberCategories?: unknown; pricePlans?: unknown; services?: unknown };

const lines = (items: unknown): WizardCatalogue['services'] =>
  Array.isArray(items)
    ? items.map((i: { id: string | number; name?: string | null; price?: number | null }) => ({
        id: String(i.id),
        name: i.name ?? String(i.id),
        price: i.price ?? null,
      }))
    : [];

export function createNewClientLogic(api: ApiLoader, opts: NewClientServiceOptions = {}): NewClientMachine {
  let client: Promise<EimzoClient> | undefined = opts.eimzo ? Promise.resolve(opts.eimzo) : undefined;
  const eimzo = () => {
    client ??= import('./eimzo.actors').then((m) => m.createClient(eimzoClientOptions()));
    return client;
  };
  const actors = () => import('./eimzo.actors');
  const now = opts.now ?? (() => new Date());
  const drafts = opts.drafts ?? browserRegistrationDraftStore<ListedKey>();

  // the module is opened (its API key set) when the keys are listed; a reload on step two (NC26) signs without
  // listing them, so it opens the module first
  let opened = false;
  const signWith = async (key: ListedKey, data: string): Promise<CreatedSignature> => {
    const [c, a] = await Promise.all([eimzo(), actors()]);
    if (!opened) await a.openModule(c, now());
    opened = true;
    return a.signWithKey(c, { key, data });
  };

  const preRegistration = preRegistrationMachine.provide({
    actors: {
      fetchDraftChallenge: fromPromise<DraftChallenge, { application: PreorderApplication }>(
        async ({ input, signal }) => {
          const [r, a] = await Promise.all([
            (await api()).call(
              'preorder.signingChallenge',
              { body: { draft: input.application, action: 'preregister' } },
              { signal },
            ),
            actors(),
          ]);
          // the application as the visitor reads it, in the page's language (NC21)
          const lang = currentLang();
          const doc = a.applicationDocument(input.application, lang, r.draftHash, r.challenge);
          return { challenge: r.challenge, draftHash: r.draftHash, document: a.signingDocumentText(doc) };
        },
      ),
      signWithKey: fromPromise<CreatedSignature, { key: ListedKey; data: string }>(async ({ input }) =>
        signWith(input.key, input.data),
      ),
      // not aborted on exit: once sent, the application must not look cancelled while the server creates it
      createPreorder: fromPromise<PreorderCreated, { application: PreorderApplication; pkcs7: string }>(
        async ({ input }) => {
          const r = await (await api()).call('preorder.create', {
            body: { ...(input.application as Record<string, unknown>), pkcs7: input.pkcs7 } as never,
          });
          return {
            id: String(r.id),
            status: String(r.status ?? 'new'),
            phoneReserved: r.phoneReserved === true,
          };
        },
      ),
    },
  });

  const newClient: NewClientMachine = newClientMachine.provide({
    actors: {
      loadStart: fromPromise<WizardStart>(async ({ signal }) => {
        const c = await api();
        const [cities, agents] = await Promise.all([
          c.call('preorder.marketCodes', undefined, { signal }),
          c.call('preorder.agents', undefined, { signal }),
        ]);
        return {
          cities: cities.map((m) => ({ code: m.code, name: m.name })),
          agents: agents.map((a) => ({ id: String(a.id), name: a.name })),
          draft: drafts.read(now().getTime()),
          key: drafts.key(now().getTime()),
        };
      }),
      draftKeeper: fromCallback<DraftKeeperEvent>(({ receive }) => {
        receive((event) => drafts.save(event.form, now().getTime()));
      }),
      stepTwoKeeper: fromCallback<DraftKeeperEvent, { key: ListedKey | null }>(({ input }) => {
        drafts.keepKey(input.key, now().getTime());
        return () => drafts.keepKey(null, now().getTime());
      }),
      clearDraft: fromPromise<void>(async () => drafts.clear()),
      listKeys: fromPromise<ListedKey[]>(async () => {
        const [c, a] = await Promise.all([eimzo(), actors()]);
        opened = true;
        return a.openModule(c, now());
      }),
      proveKey: fromPromise<ProvedCompany, { key: ListedKey; tin: string; city: string }>(
        async ({ input }) => {
          const c = await api();
          const [challenge, a] = await Promise.all([
            c.call('preorder.signingChallenge', {
              body: { draft: { user: { tin: input.tin } }, action: 'key-proof' },
            }),
            actors(),
          ]);
          // its own action, saying what it proves (NC20)
          const doc = a.signingDocumentText(
            a.keyProofDocument(input.tin, challenge.draftHash, challenge.challenge),
          );
          const signature = await signWith(input.key, doc);
          const { proof } = await c.call('preorder.prove', {
            body: { tin: input.tin, pcs7: signature.pkcs7 },
          });
          const [company, bans, status] = await Promise.all([
            c.call('preorder.company', { query: { inn: input.tin, proof } }),
            c.call('preorder.banList', { query: { inn: input.tin, marketCode: input.city, proof } }),
            c.call('preorder.status', { query: { inn: input.tin, 'market-code': input.city, proof } }),
          ]);
          return {
            company,
            bans,
            status: status.status == null ? null : String(status.status),
            city: status.city,
          };
        },
      ),
      checkLogin: fromPromise<{ login: string; free: boolean }, { login: string }>(
        async ({ input, signal }) => {
          const r = await (await api()).call(
            'preorder.checkLogin',
            { query: { userName: input.login } },
            { signal },
          );
          return { login: input.login, free: r.free };
        },
      ),
      fetchCatalogue: fromPromise<WizardCatalogue>(async ({ signal }) => {
        const r: Catalogue = await (await api()).call('preorder.onlineServices', undefined, { signal });
        return {
          numberCategories: lines(r.numberCategories),
          pricePlans: lines(r.pricePlans),
          services: lines(r.services),
        };
      }),
      preRegistration,
    },
  });

  return newClient;
}
