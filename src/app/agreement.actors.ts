import { fromPromise } from 'xstate';
import type { AgreementForm } from '@/domain/agreement.rules';
import { trimmedForm } from '@/domain/agreement.rules';
import {
  type AgreementPage,
  agreementMachine,
  type RegisteredAgreement,
  type RegisterOutcome,
} from '@/machines/agreement.machine';
import type { AgreementWire } from '@/services/contract/agreement.contract';
import { saveBlob } from '@/services/export/blob-download.export';
import type { ApiLoader, AppApi } from './api';

/**
 * Real actors of the contract-registration chart on the app's one API client (E009 from any call reaches the
 * session through that client). `createAppLogic` (src/app/app-logic.ts) builds it once; tests provide fakes.
 */

/** Agreements per page of the list. */
export const AGREEMENT_PAGE_SIZE = 10;

const toAgreement = (a: AgreementWire): RegisteredAgreement => ({
  id: a.id,
  number: a.number,
  login: a.login,
  name: a.name,
  tin: a.tin,
  createdAt: a.createdAt,
  documents: a.documents.map((d) => ({ id: d.id, kind: d.kind, lang: d.lang, title: d.title })),
});

export function createAgreementLogic(api: ApiLoader, save = { blob: saveBlob }) {
  return agreementMachine.provide({
    actors: {
      checkLogin: fromPromise<boolean, { login: string }>(
        async ({ input }) =>
          (await (await api()).call('agreement.checkLogin', { query: { login: input.login } })).free,
      ),
      registerAgreement: fromPromise<RegisterOutcome, { form: AgreementForm }>(async ({ input }) => {
        const reply = await (await api()).call('agreement.register', { body: trimmedForm(input.form) });
        return reply.outcome === 'registered'
          ? { outcome: 'registered', agreement: toAgreement(reply.agreement) }
          : { outcome: 'loginTaken' };
      }),
      fetchAgreements: fromPromise<AgreementPage, { page: number }>(async ({ input }) => {
        const reply = await (await api()).call('agreement.list', {
          query: { page: input.page, size: AGREEMENT_PAGE_SIZE },
        });
        return {
          rows: reply.content.map(toAgreement),
          total: reply.totalElements,
          totalPages: reply.totalPages,
        };
      }),
      downloadDocument: fromPromise<void, { docId: number }>(async ({ input }) => {
        const blob = await (await api()).download('agreement.document', { query: { docId: input.docId } });
        const name = blob instanceof File && blob.name ? blob.name : `agreement-${input.docId}.pdf`;
        save.blob(blob, name);
      }),
    },
  });
}

/** The page workflows this area provides (its manifest ./agreement.workflow.ts; composed in ./page-logic.generated.ts). */
export const pageLogic = (api: AppApi) => ({ agreement: createAgreementLogic(api.load) });
