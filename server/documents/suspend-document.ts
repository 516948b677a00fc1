import { DOCUMENT_TYPES } from '../../src/domain/constants';
import { formatDateTime } from '../../src/domain/dates.rules';
import { formatPhone } from '../../src/domain/phone.rules';
import type { CompanyInfo } from '../../src/services/contract/block.contract';
import type { Db } from '../db/database';
import type { PdfBlock } from '../pdf/pdf';
import { insertDocument } from '../store/documents.store';

/**
 * The block/restore document (spec 4 "Block flow" step 4 "Emit a document-creation event"; spec 3 "companyInfo:
 * keySerialId, companyName, companyTin, companyDirectorKeyName, clientSignDate, clientSign"; docs/decisions.md DOC8):
 * when the server accepts a block or restore, a type-7 (suspend) document records the accepted numbers, who signed
 * (the signer's company info) and when, with its text in Russian and in Uzbek. The documents area lists it under
 * suspend-documents and downloads it as a PDF in the user's language.
 */

export interface SuspendFacts {
  readonly action: 'block' | 'restore';
  readonly ban: string;
  readonly acceptedNumbers: readonly string[];
  /** the whole account, not a list of numbers */
  readonly wholeAccount: boolean;
  readonly companyInfo: CompanyInfo;
  /** when the request takes effect (epoch ms) */
  readonly effectiveAt: number;
  readonly userId: number;
  readonly now: number;
}

/** The type-specific data kept with the row (and shown by documents/detailed). */
export interface SuspendData {
  readonly action: 'block' | 'restore';
  readonly acceptedNumbers: readonly string[];
  readonly wholeAccount: boolean;
  readonly effectiveAt: string;
  readonly companyInfo: CompanyInfo;
  /** the text in both languages; the PDF is rendered in the one asked for */
  readonly text: { readonly ru: readonly PdfBlock[]; readonly uz: readonly PdfBlock[] };
}

/** Tashkent time, the time the client reads on the document (TZ1). */
const tashkent = (ms: number): string => formatDateTime(ms);

/** A signature is a long base64 text: the document shows its start, enough to match it with the stored one. */
const signatureStart = (s: string) => (s.length > 48 ? `${s.slice(0, 48)}…` : s);

function numbersLine(f: SuspendFacts): string {
  return f.acceptedNumbers.map((sn) => formatPhone(sn)).join(', ');
}

/** The document's text in Russian and Uzbek (plain text blocks; never HTML). */
export function suspendText(f: SuspendFacts): SuspendData['text'] {
  const c = f.companyInfo;
  const company = c.companyName ?? '—';
  const tin = c.companyTin ?? '—';
  const block = f.action === 'block';
  const signedAt = c.clientSignDate ? tashkent(Date.parse(c.clientSignDate)) : null;
  const ru: PdfBlock[] = [
    {
      kind: 'heading',
      text: block ? 'Заявление о блокировке номеров' : 'Заявление о восстановлении номеров',
    },
    { kind: 'paragraph', text: `Компания: ${company}, ИНН ${tin}, лицевой счёт ${f.ban}.` },
    {
      kind: 'paragraph',
      text: f.wholeAccount
        ? `Просим ${block ? 'заблокировать' : 'восстановить'} все номера лицевого счёта ${f.ban}${f.acceptedNumbers.length > 0 ? `: ${numbersLine(f)}` : ''}.`
        : `Просим ${block ? 'заблокировать' : 'восстановить'} номера: ${numbersLine(f)}.`,
    },
    {
      kind: 'paragraph',
      text: block
        ? `Активация услуги вступит в силу после 00:00 (${tashkent(f.effectiveAt)}).`
        : 'Номера будут восстановлены в течение 5–10 минут.',
    },
    {
      kind: 'paragraph',
      text:
        c.clientSign && signedAt
          ? `Подписано электронной подписью: ${c.companyDirectorKeyName ?? '—'}, ключ № ${c.keySerialId ?? '—'}, ${signedAt}.`
          : 'Применено без электронной подписи (тип лицевого счёта 20).',
    },
    { kind: 'small', text: `Заявление принято ${tashkent(f.now)}.` },
  ];
  const uz: PdfBlock[] = [
    {
      kind: 'heading',
      text: block ? 'Raqamlarni bloklash toʻgʻrisida ariza' : 'Raqamlarni tiklash toʻgʻrisida ariza',
    },
    { kind: 'paragraph', text: `Kompaniya: ${company}, STIR ${tin}, shaxsiy hisob ${f.ban}.` },
    {
      kind: 'paragraph',
      text: f.wholeAccount
        ? `${f.ban} shaxsiy hisobidagi barcha raqamlarni ${block ? 'bloklashingizni' : 'tiklashingizni'} soʻraymiz${f.acceptedNumbers.length > 0 ? `: ${numbersLine(f)}` : ''}.`
        : `Quyidagi raqamlarni ${block ? 'bloklashingizni' : 'tiklashingizni'} soʻraymiz: ${numbersLine(f)}.`,
    },
    {
      kind: 'paragraph',
      text: block
        ? `Xizmat 00:00 dan keyin faollashadi (${tashkent(f.effectiveAt)}).`
        : 'Raqamlar 5–10 daqiqa ichida tiklanadi.',
    },
    {
      kind: 'paragraph',
      text:
        c.clientSign && signedAt
          ? `Elektron imzo bilan imzolangan: ${c.companyDirectorKeyName ?? '—'}, kalit № ${c.keySerialId ?? '—'}, ${signedAt}.`
          : 'Elektron imzosiz qoʻllandi (shaxsiy hisob turi 20).',
    },
    { kind: 'small', text: `Ariza ${tashkent(f.now)} da qabul qilindi.` },
  ];
  if (c.clientSign) {
    ru.push({ kind: 'small', text: `Подпись (PKCS#7, начало): ${signatureStart(c.clientSign)}` });
    uz.push({ kind: 'small', text: `Imzo (PKCS#7, boshi): ${signatureStart(c.clientSign)}` });
  }
  return { ru, uz };
}

/** Adds the suspend document of an accepted block or restore; returns its id. */
export function issueSuspendDocument(db: Db, f: SuspendFacts): number {
  const text = suspendText(f);
  const data: SuspendData = {
    action: f.action,
    acceptedNumbers: f.acceptedNumbers,
    wholeAccount: f.wholeAccount,
    effectiveAt: new Date(f.effectiveAt).toISOString(),
    companyInfo: f.companyInfo,
    text,
  };
  return insertDocument(db, {
    type: DOCUMENT_TYPES.suspend,
    ban: f.ban,
    tin: f.companyInfo.companyTin ?? null,
    registrationRef: `block:${f.ban}:${f.now}`,
    lang: 'ru',
    title: text.ru[0]?.text ?? 'Заявление',
    body: text.ru,
    data,
    // a block/restore needs no scan: its signature is electronic
    status: 1,
    createdBy: f.userId,
    now: f.now,
  });
}
