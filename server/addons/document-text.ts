import type { ServiceAction } from '../../src/domain/addons.rules';
import { formatSum } from '../../src/domain/money.rules';
import { formatPhone } from '../../src/domain/phone.rules';
import type { PdfBlock } from '../pdf/pdf';

/**
 * The text of a services document (spec 3 "8 and 10-17 services"; SV8), in the language the user works in: what was
 * done, to which numbers, by which company, for how much. Stored whole in `documents.body` when it is issued.
 */
export interface AddonsDocumentFacts {
  readonly id: number;
  readonly action: ServiceAction;
  readonly company: string;
  readonly ban: string;
  readonly packageName: string | null;
  readonly price: number;
  readonly numbers: readonly string[];
  readonly date: string;
}

const WHAT: Record<'ru' | 'uz', Record<ServiceAction, string>> = {
  ru: {
    connect: 'Заявление на подключение интернет-пакета',
    connectFree: 'Заявление на подключение бесплатного акционного пакета',
    disconnect: 'Заявление на отключение интернет-пакета',
    cancelAgreement: 'Заявление на расторжение соглашения об интернет-пакетах',
    roamingOn: 'Заявление на подключение роуминга',
    roamingOff: 'Заявление на отключение роуминга',
  },
  uz: {
    connect: 'Internet-paketni ulash toʻgʻrisida ariza',
    connectFree: 'Bepul aksiya paketini ulash toʻgʻrisida ariza',
    disconnect: 'Internet-paketni oʻchirish toʻgʻrisida ariza',
    cancelAgreement: 'Internet-paketlar boʻyicha kelishuvni bekor qilish toʻgʻrisida ariza',
    roamingOn: 'Roumingni ulash toʻgʻrisida ariza',
    roamingOff: 'Roumingni oʻchirish toʻgʻrisida ariza',
  },
};

export function addonsDocumentTitle(f: AddonsDocumentFacts, lang: 'ru' | 'uz'): string {
  return `${WHAT[lang][f.action]} № S-${f.id}`;
}

export function addonsDocumentBody(f: AddonsDocumentFacts, lang: 'ru' | 'uz'): PdfBlock[] {
  const total = formatSum(f.price * f.numbers.length, { lang });
  const ru = lang === 'ru';
  const blocks: PdfBlock[] = [
    { kind: 'heading', text: addonsDocumentTitle(f, lang) },
    { kind: 'paragraph', text: ru ? `Дата: ${f.date}` : `Sana: ${f.date}` },
    {
      kind: 'paragraph',
      text: ru
        ? `Абонент: ${f.company}, лицевой счёт (BAN) ${f.ban}.`
        : `Abonent: ${f.company}, shaxsiy hisob (BAN) ${f.ban}.`,
    },
  ];
  if (f.packageName)
    blocks.push({
      kind: 'paragraph',
      text: ru
        ? `Услуга: ${f.packageName}, цена ${formatSum(f.price, { lang })} за номер, итого ${total}.`
        : `Xizmat: ${f.packageName}, narxi raqam uchun ${formatSum(f.price, { lang })}, jami ${total}.`,
    });
  blocks.push({
    kind: 'paragraph',
    text: `${ru ? 'Номера' : 'Raqamlar'} (${f.numbers.length}): ${f.numbers.map(formatPhone).join(', ')}`,
  });
  blocks.push({ kind: 'small', text: `S-${f.id}` });
  return blocks;
}
