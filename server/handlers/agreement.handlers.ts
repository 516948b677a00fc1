import {
  type AgreementForm,
  agreementNumber,
  hasContactAccess,
  trimmedForm,
  validateAgreementForm,
} from '../../src/domain/agreement.rules';
import { DOCUMENT_TYPES } from '../../src/domain/constants';
import { tashkentDay } from '../../src/domain/dates.rules';
import type { AgreementWire } from '../../src/services/contract/agreement.contract';
import { type ContractLang, fillTemplate, type TemplateName } from '../agreement/contract-text';
import { ensure, type Handlers } from '../handler';
import { buildTextPdf } from '../pdf/pdf';
import { actorOf } from '../store/activity.store';
import { type AgreementRow, agreementRef } from '../store/agreement.store';
import { type DocumentRow, getDocument, insertDocument } from '../store/documents.store';

/**
 * Contract registration (docs/decisions.md "Contract registration"). Who may call: the users whose navigation shows
 * contract registration (spec 6: R008, R011, R005, R018-R023; hidden while a BAN is selected) — server/permissions.ts.
 * A user sees and downloads only the agreements they registered (CR6).
 */

/** The kind of an agreement's document, kept in its `data` (CR3: both are type 1). */
type DocKind = 'agreement' | 'contactAccess';
const LANGS: readonly ContractLang[] = ['ru', 'uz'];
const TEMPLATE: Record<DocKind, TemplateName> = { agreement: 'agreement', contactAccess: 'contact-access' };

/** The title a document is listed and downloaded under. */
const TITLES: Record<DocKind, Record<ContractLang, (n: string) => string>> = {
  agreement: { ru: (n) => `Договор № ${n}`, uz: (n) => `${n}-son shartnoma` },
  contactAccess: {
    ru: (n) => `Дополнительное соглашение № 1 к Договору № ${n}`,
    uz: (n) => `${n}-son shartnomaga 1-son qoʻshimcha kelishuv`,
  },
};

const kindOf = (d: DocumentRow): DocKind =>
  (d.data as { kind?: string } | null)?.kind === 'contactAccess' ? 'contactAccess' : 'agreement';

function toWire(a: AgreementRow, docs: readonly DocumentRow[]): AgreementWire {
  return {
    id: a.id,
    number: a.number,
    login: a.login,
    name: a.name,
    tin: a.tin,
    createdAt: a.createdAt,
    documents: docs.map((d) => ({
      id: d.id,
      documentType: d.type,
      kind: kindOf(d),
      lang: d.lang,
      title: d.title,
    })),
  };
}

/**
 * The first field error of the form on today's day in Tashkent (TZ1; noon of that day in the process's zone, whose
 * calendar day the rules read): E026 for the tax id's type, E013 naming the field else.
 */
function ensureValid(form: AgreementForm, now: number) {
  const errors = validateAgreementForm(form, new Date(`${tashkentDay(now)}T12:00:00`));
  ensure(errors.tin !== 'E026', 'E026');
  const first = Object.keys(errors)[0];
  ensure(first === undefined, 'E013', first);
}

export const agreementHandlers: Handlers = {
  'agreement.checkLogin': ({ input, svc }) => ({ free: !svc.agreements.loginTaken(input.query.login) }),
  'agreement.register': ({ input, session, svc }) => {
    const form = trimmedForm(input.body);
    const now = svc.clock.now();
    ensureValid(form, now);
    const store = svc.agreements;
    const registered = svc.db.transaction((): AgreementRow | null => {
      // the login may have been taken since the form checked it: nothing is created then
      if (store.loginTaken(form.login)) return null;
      const id = store.nextId();
      const day = tashkentDay(now);
      const number = agreementNumber(id, day);
      const row = {
        id,
        number,
        login: form.login,
        name: form.name,
        tin: form.tin,
        form,
        contactAccess: hasContactAccess(form),
        createdAt: now,
        createdBy: session.user.id,
      };
      store.insert(row);
      const facts = { number, day, registrar: session.user.login, blockPrice: store.blockPrice() };
      const kinds: DocKind[] = row.contactAccess ? ['agreement', 'contactAccess'] : ['agreement'];
      for (const kind of kinds)
        for (const lang of LANGS)
          insertDocument(svc.db, {
            type: DOCUMENT_TYPES.agreement,
            ban: null,
            tin: form.tin,
            registrationRef: agreementRef(id),
            lang,
            title: TITLES[kind][lang](number),
            body: fillTemplate(TEMPLATE[kind], lang, form, facts),
            data: { kind, agreementId: id, number },
            status: 1,
            createdBy: session.user.id,
            now,
          });
      // a contract of a company the portal has an account of is in that company's log; a new client's has none yet
      svc.activity.append({
        ban: store.banOfTin(form.tin),
        actor: actorOf(session),
        action: 'contract.register',
        targets: [{ kind: 'contract', id: number }],
        detail: { agreement: id, contactAccess: row.contactAccess },
      });
      return store.get(id);
    })();
    if (registered === null) return { outcome: 'loginTaken' as const };
    // who registered which agreement is an audit fact; the client's personal data stays out of the log
    svc.logger.info('agreement.registered', { id: registered.id, userId: session.user.id });
    return { outcome: 'registered' as const, agreement: toWire(registered, store.documents(registered.id)) };
  },
  'agreement.list': ({ input, session, svc }) => {
    const store = svc.agreements;
    const { rows, total } = store.pageOf(session.user.id, input.query.page, input.query.size);
    return {
      content: rows.map((a) => toWire(a, store.documents(a.id))),
      totalElements: total,
      totalPages: Math.ceil(total / input.query.size),
      page: input.query.page,
    };
  },
  'agreement.document': async ({ input, session, svc }) => {
    const doc = getDocument(svc.db, input.query.docId);
    const id = Number(/^agreement:(\d+)$/.exec(doc?.registrationRef ?? '')?.[1] ?? Number.NaN);
    const agreement = Number.isInteger(id) ? svc.agreements.get(id) : null;
    // a document of someone else's agreement reads as not found (E094): its existence is not disclosed
    ensure(doc && agreement && agreement.createdBy === session.user.id, 'E094');
    const bytes = await buildTextPdf({ title: doc.title, lang: doc.lang, blocks: doc.body });
    return new File([bytes as BlobPart], `${agreement.number}-${kindOf(doc)}-${doc.lang}.pdf`, {
      type: 'application/pdf',
    });
  },
};
