import { fromPromise } from 'xstate';
import {
  AT39_ADDRESS_FIELDS,
  type At39AddressField,
  type At39DocKind,
  type At39ListParams,
  isAt39Status,
  uploadTargetKind,
} from '@/domain/at39.rules';
import {
  type At39Comment,
  type At39ListPage,
  type At39ListRow,
  at39ListMachine,
} from '@/machines/at39-list.machine';
import {
  type At39Card,
  type At39Doc,
  type At39EpdpSession,
  type At39PassportResult,
  type At39Person,
  type At39Stored,
  type At39Tariff,
  type At39Workplace,
  at39RegistrationMachine,
  type BanInput,
  type ClientCardInput,
  type CreateRegistrationInput,
  type RegistrationRef,
  type ReserveInput,
  type UpdatePersonInput,
} from '@/machines/at39-registration.machine';
import type { PersonData, Registration, RegistrationRow } from '@/services/contract/at39.contract';
import { saveBlob } from '@/services/export/blob-download.export';
import type { ApiLoader, AppApi } from './api';
import { createUploadLogic, type UploadSender } from './upload.actors';

/**
 * docs/save-doc (multipart, registration_id) as a sender of the shared upload chart (src/machines/upload.machine.ts):
 * the target's kind names the needed document (`at39-passport`, `at39-application`), its id the registration.
 */
const saveDocSender =
  (type: At39DocKind): UploadSender =>
  async (api, { target, file }, opts) => {
    await (await api()).upload(
      'at39.saveDoc',
      { fields: { registration_id: target.id, type }, file: file.blob, fileName: file.name },
      opts,
    );
    return { status: 1, message: null };
  };

/**
 * Real actors of the AT 39 charts on the app's one API client (E009 from any call reaches the session through it).
 * `createAppLogic` (src/app/app-logic.ts) builds them once; tests provide fakes to the same machines.
 */

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/** Wire person (spec 3 shapes) → the chart's person. */
export function toPerson(p: PersonData): At39Person {
  const f = p.clientFioInfo;
  const a = p.clientAddressInfo;
  const s = p.clientPassportInfo;
  return {
    fio: { surname: str(f?.surname), name: str(f?.name), patronymic: str(f?.patronymic) },
    address: {
      regionId: num(a?.regionId),
      city: str(a?.city),
      street: str(a?.street),
      district: str(a?.district),
      houseNumber: str(a?.houseNumber),
      apartmentNumber: str(a?.apartmentNumber),
      postIndex: str(a?.postIndex),
    },
    passport: {
      pinfl: str(s?.pinfl),
      gender: s?.gender === 'F' ? 'F' : 'M',
      birthDate: str(s?.birthDate),
      passport: str(s?.passport),
      issuedBy: str(s?.issuedBy),
      issuedDate: str(s?.issuedDate),
    },
  };
}

const opt = (v: string) => (v === '' ? undefined : v);

function addressWire(a: At39Person['address']) {
  return {
    regionId: a.regionId ?? undefined,
    city: opt(a.city),
    street: opt(a.street),
    district: opt(a.district),
    houseNumber: opt(a.houseNumber),
    apartmentNumber: opt(a.apartmentNumber),
    postIndex: opt(a.postIndex),
  };
}

function toStored(r: Registration): At39Stored {
  const card = r.cards?.[0];
  return {
    registrationId: str(r.registrationId),
    status: isAt39Status(r.status) ? r.status : 'draft',
    workplace: { name: str(r.workplaceName), regionId: num(r.regionId) ?? 0 },
    person: toPerson(r),
    card: card
      ? {
          markedCode: str(card.markedCode),
          iccid: str(card.iccid),
          sn: str(card.sn),
          regionId: num(card.regionId),
        }
      : null,
    ban: r.ban ?? null,
    pricePlanId: num(r.pricePlanId),
    phoneNumber: r.phoneNumber ?? null,
    docs: (r.docs ?? []).map(toDoc),
    editable: AT39_ADDRESS_FIELDS.filter((f: At39AddressField) => r.editableFields?.includes(f) === true),
  };
}

function toDoc(d: { type?: unknown; uploaded?: boolean | null; fileName?: string | null }): At39Doc {
  return {
    kind: d.type === 'application' ? 'application' : 'passport',
    uploaded: d.uploaded === true,
    fileName: d.fileName ?? null,
  };
}

function toRow(r: RegistrationRow): At39ListRow {
  const f = r.clientFioInfo;
  return {
    registrationId: str(r.registrationId),
    clientName: [f?.surname, f?.name, f?.patronymic].filter(Boolean).join(' '),
    phoneNumber: r.phoneNumber ?? null,
    regionId: num(r.regionId),
    status: isAt39Status(r.status) ? r.status : null,
    createdAt: r.createdAt ?? null,
    commentCount: r.commentCount ?? 0,
  };
}

/** The list's filter as register/filter's query (page counts from 0 on the wire). */
export function filterQuery(p: At39ListParams, size: number) {
  return {
    ...(p.dt1 ? { dt1: p.dt1 } : {}),
    ...(p.dt2 ? { dt2: p.dt2 } : {}),
    ...(p.status ? { status: p.status } : {}),
    ...(p.region !== null ? { region: p.region } : {}),
    ...(p.q ? { q: p.q } : {}),
    page: p.page - 1,
    size,
  };
}

export function createAt39Logic(api: ApiLoader, save = { blob: saveBlob }) {
  const at39List = at39ListMachine.provide({
    actors: {
      fetchRegistrations: fromPromise<At39ListPage, { params: At39ListParams }>(async ({ input }) => {
        const reply = await (await api()).call('at39.filter', { query: filterQuery(input.params, 20) });
        return { rows: reply.list.map(toRow), total: reply.total_count };
      }),
      fetchComments: fromPromise<readonly At39Comment[], { registrationId: string }>(async ({ input }) => {
        const reply = await (await api()).call('at39.comment', {
          query: { registrationId: input.registrationId },
        });
        return (reply.comments ?? []).map((c) => ({
          text: c.text,
          author: c.author ?? null,
          createdAt: c.createdAt ?? null,
        }));
      }),
      downloadStatistics: fromPromise<void, { params: At39ListParams }>(async ({ input }) => {
        const p = input.params;
        const blob = await (await api()).download('at39.statistics', {
          query: { ...(p.dt1 ? { dt1: p.dt1 } : {}), ...(p.dt2 ? { dt2: p.dt2 } : {}) },
        });
        save.blob(blob, `at39-statistics${p.dt1 ? `-${p.dt1}` : ''}${p.dt2 ? `-${p.dt2}` : ''}.xlsx`);
      }),
    },
  });

  const at39Registration = at39RegistrationMachine.provide({
    actors: {
      checkToken: fromPromise<At39Workplace, { token: string }>(async ({ input }) => {
        const r = await (await api()).call('at39.token', { params: { token: input.token } });
        return { name: str(r.workplaceName), regionId: num(r.regionId) ?? 0 };
      }),
      startPassportSession: fromPromise<At39EpdpSession, void>(async () => {
        const r = await (await api()).call('at39.sessionId', {});
        return { sessionId: r.sessionId, confirmUrl: r.confirmUrl ?? null };
      }),
      readPassport: fromPromise<At39PassportResult, { code: string }>(async ({ input }) => {
        const r = await (await api()).call('at39.passportInfo', { query: { auth_code: input.code } });
        return { outcome: r.outcome, person: r.outcome === 'ok' ? toPerson(r) : null };
      }),
      // the person is the confirmation's the code names (PRI6): only the code and the workplace are sent
      createRegistration: fromPromise<string, CreateRegistrationInput>(async ({ input }) => {
        const r = await (await api()).call('at39.createRegistration', {
          body: {
            token: input.token,
            authCode: input.authCode,
            workplaceName: opt(input.workplace.name),
            regionId: input.workplace.regionId,
          },
        });
        return str(r.registrationId);
      }),
      loadRegistration: fromPromise<At39Stored, RegistrationRef>(async ({ input }) =>
        toStored(
          await (await api()).call('at39.regData', { query: { registration_id: input.registrationId } }),
        ),
      ),
      // finding 30: the GET only looks; the kit and the BAN are saved with update-registration (a PUT)
      attachKit: fromPromise<At39Card, ClientCardInput>(async ({ input }) => {
        const client = await api();
        const c = await client.call('at39.clientCard', {
          query: { markedCode: input.markedCode, registrationId: input.registrationId },
        });
        await client.call('at39.updateRegistration', {
          body: { registrationId: input.registrationId, markedCode: input.markedCode },
        });
        return {
          markedCode: str(c.markedCode),
          iccid: str(c.iccid),
          sn: str(c.sn),
          regionId: num(c.regionId),
        };
      }),
      attachBan: fromPromise<void, BanInput>(async ({ input }) => {
        const client = await api();
        await client.call('at39.banExists', {
          query: { ban: input.ban, registrationId: input.registrationId },
        });
        await client.call('at39.updateRegistration', {
          body: { registrationId: input.registrationId, ban: input.ban },
        });
      }),
      fetchPricePlans: fromPromise<readonly At39Tariff[], RegistrationRef>(async ({ input }) =>
        (await (await api()).call('at39.pricePlans', { body: { registrationId: input.registrationId } })).map(
          (t) => ({ id: Number(t.id), name: t.name, price: t.price ?? null }),
        ),
      ),
      reserveNumber: fromPromise<void, ReserveInput>(async ({ input }) => {
        await (await api()).call('at39.reserveEquipment', {
          body: {
            regionId: input.regionId,
            registrationId: input.registrationId,
            phoneNumber: input.phoneNumber,
            pricePlanId: input.pricePlanId,
          },
        });
      }),
      fetchDocs: fromPromise<readonly At39Doc[], RegistrationRef>(async ({ input }) =>
        (await (await api()).call('at39.regDocs', { query: { reg_id: input.registrationId } })).map(toDoc),
      ),
      updatePerson: fromPromise<void, UpdatePersonInput>(async ({ input }) => {
        await (await api()).call('at39.updateRegistration', {
          // the whole address: the fields the service gave are sent as they are, so only the filled-in ones differ
          body: { registrationId: input.registrationId, clientAddressInfo: addressWire(input.address) },
        });
      }),
      submitRegistration: fromPromise<void, RegistrationRef>(async ({ input }) => {
        await (await api()).call('at39.register', { query: { registrationId: input.registrationId } });
      }),
    },
  });

  const at39Upload = createUploadLogic(api, {
    [uploadTargetKind('passport')]: saveDocSender('passport'),
    [uploadTargetKind('application')]: saveDocSender('application'),
  });

  return { at39List, at39Registration, at39Upload };
}

/** The page workflows this area provides (its manifest ./at39.workflow.ts; composed in ./page-logic.generated.ts). */
export function pageLogic(api: AppApi) {
  const { at39List, at39Registration, at39Upload } = createAt39Logic(api.load);
  return { at39List, at39Registration, at39Upload };
}
