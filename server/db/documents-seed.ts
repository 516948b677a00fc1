import { formatDate, tashkentDay } from '../../src/domain/dates.rules';
import { formatPhone } from '../../src/domain/phone.rules';
import { suspendText } from '../documents/suspend-document';
import type { PdfBlock } from '../pdf/pdf';
import { insertDocument, type NewDocument, refuseDocument } from '../store/documents.store';
import type { Db } from './database';

/**
 * Demo documents (docs/decisions.md DOC11): the key owner's company (Navoiy Kon Texnika, BAN 100672418) gets three
 * orders with their supply, number-supply and invoice documents, its agreement, a power of attorney, a block
 * document and service documents, dated in the last weeks before `asOf` (so the default 90-day range shows them);
 * the other key owner's company (BAN 100783350) gets its agreement, so a cross-company request has something to be
 * refused. Runs once, inside the seed's transaction.
 */

const DAY = 86_400_000;
const KEYOWNER = { ban: '100672418', tin: '303318250', name: 'Navoiy Kon Texnika MChJ' } as const;
const NOBUY = { ban: '100783350', tin: '207745129', name: 'Andijon Avto Logistika MChJ' } as const;

const h = (text: string): PdfBlock => ({ kind: 'heading', text });
const p = (text: string): PdfBlock => ({ kind: 'paragraph', text });
const small = (text: string): PdfBlock => ({ kind: 'small', text });

const sum = (n: number) => `${new Intl.NumberFormat('ru-RU').format(n)} сум`;

type Doc = Omit<NewDocument, 'createdBy' | 'now'> & { readonly at: number };

function agreement(c: { ban: string; tin: string; name: string }, at: number): Doc {
  const title = `Договор № ${c.ban}`;
  return {
    type: 1,
    ban: c.ban,
    tin: c.tin,
    registrationRef: `agreement:seed-${c.ban}`,
    lang: 'ru',
    title,
    status: 1,
    at,
    body: [
      h(`${title} об оказании услуг связи`),
      p(
        `г. Ташкент, ${formatDate(at)}. Оператор мобильной связи и ${c.name} (ИНН ${c.tin}), далее «Абонент», заключили настоящий договор.`,
      ),
      p(
        '1. Оператор оказывает Абоненту услуги подвижной радиотелефонной связи по номерам лицевого счёта Абонента.',
      ),
      p(
        '2. Доступ контактного лица может быть отменён с письменным уведомлением за 3 рабочих дня; оператор может прекратить его с уведомлением за 5 дней.',
      ),
      p('3. Блокировка номера платная (цена в месяц по тарифу), если блокировка не является льготной.'),
      small(`Лицевой счёт ${c.ban}. Подписано электронной подписью.`),
    ],
  };
}

/** The seeded orders of the key owner's company: what they sold and when (days before `asOf`). */
const ORDERS = [
  { kind: 'golden', daysAgo: 6, numbers: ['901112233', '901114455'], price: 421_000, category: 'Золотой' },
  {
    kind: 'new',
    daysAgo: 19,
    numbers: ['935550101', '935550102', '935550103'],
    price: 0,
    category: 'Простой',
  },
  { kind: 'golden', daysAgo: 41, numbers: ['977770707'], price: 1_263_000, category: 'Платиновый' },
] as const;

/** Adds the demo documents; returns how many. */
export function seedDocuments(db: Db, asOf: number): number {
  const docs: Doc[] = [];
  const insertOrder = db.prepare(
    `INSERT INTO orders (ban, kind, status, total, vat, created_at, created_by, updated_at)
     VALUES (?, ?, 'issued', ?, ?, ?, NULL, ?)`,
  );
  for (const [i, o] of ORDERS.entries()) {
    const at = asOf - o.daysAgo * DAY - (i + 1) * 3_600_000;
    const total = o.price * o.numbers.length;
    const vat = Math.round((total * 12) / 112);
    const orderId = Number(insertOrder.run(KEYOWNER.ban, o.kind, total, vat, at, at).lastInsertRowid);
    const list = o.numbers.map((n) => formatPhone(n)).join(', ');
    const base = { ban: KEYOWNER.ban, tin: KEYOWNER.tin, orderId, lang: 'ru' as const };
    docs.push(
      {
        ...base,
        type: 4,
        title: `Накладная № ${orderId}`,
        status: i === 0 ? 0 : 1,
        at,
        body: [
          h(`Накладная № ${orderId} от ${formatDate(at)}`),
          p(
            `Поставщик: оператор мобильной связи. Получатель: ${KEYOWNER.name}, ИНН ${KEYOWNER.tin}, лицевой счёт ${KEYOWNER.ban}.`,
          ),
          p(`SIM-карты с номерами: ${list} — ${o.numbers.length} шт.`),
          p('Товар получен в полном объёме, претензий по количеству и комплектности нет.'),
        ],
      },
      {
        ...base,
        type: 5,
        title: `Акт передачи номеров № ${orderId}`,
        status: i === 1 ? 2 : 1,
        at: at + 60_000,
        body: [
          h(`Акт передачи номеров № ${orderId} от ${formatDate(at)}`),
          p(
            `Оператор передаёт, а ${KEYOWNER.name} принимает в пользование номера категории «${o.category}»: ${list}.`,
          ),
          p(`Стоимость номеров: ${sum(total)}, в том числе НДС 12 %: ${sum(vat)}.`),
        ],
      },
      {
        ...base,
        type: 6,
        title: `Счёт-фактура № ${orderId}`,
        status: 1,
        at: at + 120_000,
        data: {
          number: `SF-${orderId}`,
          date: tashkentDay(at),
          items: o.numbers.map((n) => ({
            name: `Номер ${formatPhone(n)} (${o.category})`,
            qty: 1,
            price: o.price,
          })),
          total,
          vat,
        },
        body: [
          h(`Счёт-фактура № SF-${orderId} от ${formatDate(at)}`),
          p(`Покупатель: ${KEYOWNER.name}, ИНН ${KEYOWNER.tin}.`),
          ...o.numbers.map((n) => p(`Номер ${formatPhone(n)}, категория «${o.category}»: ${sum(o.price)}.`)),
          p(`Итого: ${sum(total)}, в том числе НДС 12 %: ${sum(vat)}.`),
        ],
      },
    );
  }
  docs.push(agreement(KEYOWNER, asOf - 80 * DAY));
  docs.push(agreement(NOBUY, asOf - 70 * DAY));
  const proxyAt = asOf - 30 * DAY;
  docs.push({
    type: 9,
    ban: KEYOWNER.ban,
    tin: KEYOWNER.tin,
    registrationRef: `proxy:seed-${KEYOWNER.ban}`,
    lang: 'uz',
    title: `Ishonchnoma № ${KEYOWNER.ban}-1`,
    status: 1,
    at: proxyAt,
    body: [
      h(`Ishonchnoma № ${KEYOWNER.ban}-1`),
      p(
        `Toshkent sh., ${formatDate(proxyAt)}. ${KEYOWNER.name} (STIR ${KEYOWNER.tin}) oʻz xodimi Gʻulomov Oʻktamga kompaniya nomidan SIM-kartalarni qabul qilish va hujjatlarni imzolash huquqini beradi.`,
      ),
      p('Ishonchnoma bir yil muddatga berilgan.'),
    ],
  });
  const blockAt = asOf - 12 * DAY;
  const text = suspendText({
    action: 'block',
    ban: KEYOWNER.ban,
    acceptedNumbers: ['901112233'],
    wholeAccount: false,
    companyInfo: {
      keySerialId: '7a3c0003',
      companyName: KEYOWNER.name,
      companyTin: KEYOWNER.tin,
      companyDirectorKeyName: 'RAHIMOV JAMSHID',
      clientSignDate: new Date(blockAt - 60_000).toISOString(),
      clientSign: 'MIIGseedSignatureOfTheDemoBlockDocumentBase64AAAAAAAAAAAAAAAA',
    },
    effectiveAt: blockAt + DAY,
    userId: 0,
    now: blockAt,
  });
  docs.push({
    type: 7,
    ban: KEYOWNER.ban,
    tin: KEYOWNER.tin,
    registrationRef: `block:${KEYOWNER.ban}:${blockAt}`,
    lang: 'ru',
    title: text.ru[0]?.text ?? 'Заявление',
    status: 1,
    at: blockAt,
    data: { action: 'block', acceptedNumbers: ['901112233'], wholeAccount: false, text },
    body: text.ru,
  });
  const services = [
    {
      type: 8,
      daysAgo: 9,
      ru: 'Заявление на подключение услуг',
      what: 'услуга «Мобильный интернет для бизнеса»',
    },
    { type: 11, daysAgo: 15, ru: 'Заявление на интернет-пакет', what: 'интернет-пакет «Бизнес 20 ГБ»' },
    { type: 13, daysAgo: 27, ru: 'Заявление на роуминг', what: 'роуминг «Весь мир»' },
  ] as const;
  for (const s of services) {
    const at = asOf - s.daysAgo * DAY;
    docs.push({
      type: s.type,
      ban: KEYOWNER.ban,
      tin: KEYOWNER.tin,
      registrationRef: `services:seed-${s.type}`,
      lang: 'ru',
      title: `${s.ru} № ${s.type}${s.daysAgo}`,
      status: 1,
      at,
      body: [
        h(`${s.ru} от ${formatDate(at)}`),
        p(
          `${KEYOWNER.name} (ИНН ${KEYOWNER.tin}, лицевой счёт ${KEYOWNER.ban}) просит подключить: ${s.what} для номера ${formatPhone('901112233')}.`,
        ),
      ],
    });
  }
  for (const { at, ...d } of docs) {
    const id = insertDocument(db, { ...d, createdBy: null, now: at });
    // spec 4 "2 error with server message": the scan that came with it could not be read — a code the portal shows in
    // the page's language (DOC20), and the free text a backend without codes would send
    if (d.status === 2)
      refuseDocument(db, id, {
        reason: 'unreadable',
        message: 'Скан не читается: загрузите его ещё раз',
        now: at,
      });
  }
  return docs.length;
}
