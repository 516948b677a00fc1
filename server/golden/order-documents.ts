import { formatDay } from '../../src/domain/day-order.rules';
import { formatSum } from '../../src/domain/money.rules';
import { formatPhone } from '../../src/domain/phone.rules';
import type { NewDocument } from '../store/documents.store';

/**
 * The documents a golden-number order issues (spec 3 "Document": 4 supply, 5 number supply, 6 invoice with json),
 * written into the one documents table inside the checkout's transaction (docs/decisions.md DOC1, GN10). The text is
 * the whole document in the buyer's language; the invoice's `data` is its json.
 */
export interface OrderForDocuments {
  readonly id: number;
  readonly ban: string;
  readonly company: string;
  readonly tin: string;
  readonly numbers: readonly { number: string; price: number }[];
  readonly total: number;
  readonly vat: number;
  readonly taxPercent: number;
  /** ISO day */
  readonly date: string;
}

const T = {
  ru: {
    supply: 'Накладная',
    numberSupply: 'Акт передачи номеров',
    invoice: 'Счёт-фактура',
    order: (id: number, date: string) => `к заказу № ${id} от ${date}`,
    buyer: (c: string, tin: string, ban: string) => `Покупатель: ${c}, ИНН ${tin}, лицевой счёт ${ban}.`,
    supplyText:
      'Оператор передаёт покупателю право пользования абонентскими номерами, перечисленными ниже, по ценам категорий номеров.',
    numberSupplyText: 'Номера переданы покупателю и закреплены за его лицевым счётом.',
    line: (n: string, p: string) => `${n} — ${p}`,
    total: (t: string, v: string, p: number) => `Итого: ${t}, в том числе НДС ${p}%: ${v}.`,
  },
  uz: {
    supply: 'Yuk xati',
    numberSupply: 'Raqamlarni topshirish dalolatnomasi',
    invoice: 'Hisob-faktura',
    order: (id: number, date: string) => `${date} sanadagi ${id}-son buyurtmaga`,
    buyer: (c: string, tin: string, ban: string) => `Xaridor: ${c}, STIR ${tin}, shaxsiy hisob ${ban}.`,
    supplyText:
      'Operator xaridorga quyida sanab oʻtilgan abonent raqamlaridan foydalanish huquqini raqam toifalari narxlarida topshiradi.',
    numberSupplyText: 'Raqamlar xaridorga topshirildi va uning shaxsiy hisobiga biriktirildi.',
    line: (n: string, p: string) => `${n} — ${p}`,
    total: (t: string, v: string, p: number) => `Jami: ${t}, shu jumladan QQS ${p}%: ${v}.`,
  },
} as const;

/** The invoice's own number (its json's `number`, which `documentNumber` shows: docs/decisions.md DOC14). */
export const invoiceNumber = (orderId: number) => `SF-${orderId}`;

export function orderDocuments(
  o: OrderForDocuments,
  lang: 'ru' | 'uz',
  createdBy: number | null,
  now: number,
): NewDocument[] {
  const t = T[lang];
  const money = (a: number) => formatSum(a, { lang });
  const head = t.order(o.id, formatDay(o.date));
  const lines = o.numbers.map((n) => ({
    kind: 'paragraph' as const,
    text: t.line(formatPhone(n.number), money(n.price)),
  }));
  const totalLine = { kind: 'paragraph' as const, text: t.total(money(o.total), money(o.vat), o.taxPercent) };
  const buyer = { kind: 'paragraph' as const, text: t.buyer(o.company, o.tin, o.ban) };
  const doc = (type: 4 | 5 | 6, title: string, body: NewDocument['body'], data?: unknown): NewDocument => ({
    type,
    ban: o.ban,
    tin: o.tin,
    orderId: o.id,
    lang,
    title: `${title} ${head}`,
    body: [{ kind: 'heading', text: `${title} ${head}` }, ...body],
    ...(data === undefined ? {} : { data }),
    status: 1,
    createdBy,
    now,
  });
  return [
    doc(4, t.supply, [buyer, { kind: 'paragraph', text: t.supplyText }, ...lines, totalLine]),
    doc(5, t.numberSupply, [buyer, { kind: 'paragraph', text: t.numberSupplyText }, ...lines]),
    doc(6, `${t.invoice} № ${invoiceNumber(o.id)}`, [buyer, ...lines, totalLine], {
      number: invoiceNumber(o.id),
      orderId: o.id,
      date: o.date,
      seller: 'operator',
      buyer: { name: o.company, tin: o.tin, ban: o.ban },
      items: o.numbers.map((n) => ({ number: n.number, price: n.price })),
      total: o.total,
      vat: o.vat,
      vatPercent: o.taxPercent,
      net: o.total - o.vat,
    }),
  ];
}
