import { formatDate, nextTashkentMidnight, tashkentDay } from '../../src/domain/dates.rules';
import { categoryOfLocal } from '../../src/domain/golden.rules';
import {
  categoryIdOf,
  categoryPrice,
  DEFAULT_TAX_PERCENT,
  vatOf,
} from '../../src/domain/golden-categories.rules';
import { formatPhone } from '../../src/domain/phone.rules';
import { suspendText } from '../documents/suspend-document';
import { orderDocuments } from '../golden/order-documents';
import type { PdfBlock } from '../pdf/pdf';
import { insertDocument, type NewDocument, refuseDocument } from '../store/documents.store';
import { createOrdersStore } from '../store/orders.store';
import { AT39_PRICE_PLANS } from './at39-seed';
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

type Doc = Omit<NewDocument, 'createdBy' | 'now'> & {
  readonly at: number;
  readonly createdBy?: number | null;
};

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

/**
 * The seeded orders of the key owner's company: what they sold and when (days before `asOf`). A golden order's numbers
 * are of the category their digits give (src/domain/golden.rules.ts `categoryOfLocal`) at that category's spec 9
 * price, held by the order in the one inventory (sold) as a checkout leaves them; the new-number order's SIMs are three
 * of the company's own active numbers, connected the day after it (the seed reads them from the database).
 */
const ORDERS = [
  { kind: 'golden', daysAgo: 6, numbers: ['901237777', '901238888'], category: 'gold' },
  { kind: 'new', daysAgo: 19, numbers: null, category: 'simple' },
  { kind: 'golden', daysAgo: 41, numbers: ['977777777'], category: 'platinum' },
] as const;

/** One of the company's numbers in `status`, the `skip`-th by number (the seed's companies all have some). */
function companyNumbers(db: Db, ban: string, status: string, count: number, skip = 0): string[] {
  const rows = db
    .prepare('SELECT sn FROM numbers WHERE ban = ? AND status = ? ORDER BY sn LIMIT ? OFFSET ?')
    .all(ban, status, count, skip) as { sn: string }[];
  if (rows.length < count)
    throw new Error(`documents seed: ${ban} has fewer than ${count + skip} numbers in ${status}`);
  return rows.map((r) => r.sn);
}

/** Adds the demo documents; returns how many. */
export function seedDocuments(db: Db, asOf: number): number {
  const docs: Doc[] = [];
  const orders = createOrdersStore(db);
  const buyer = (
    db.prepare("SELECT id FROM users WHERE login = 'keyowner'").get() as { id: number } | undefined
  )?.id;
  if (buyer === undefined) throw new Error('documents seed: the demo key owner is missing');
  const sold =
    db.prepare(`INSERT INTO number_inventory (number, operator_code, local, category_id, price, state, order_id)
    VALUES (?, ?, ?, ?, ?, 'sold', ?)`);
  const connected = db.prepare('UPDATE numbers SET activated_at = ? WHERE sn = ?');
  // the block document's number is blocked now, the service documents' number active
  const [blocked] = companyNumbers(db, KEYOWNER.ban, 'S', 1);
  const [active] = companyNumbers(db, KEYOWNER.ban, 'A', 1);
  for (const [i, o] of ORDERS.entries()) {
    const at = asOf - o.daysAgo * DAY - (i + 1) * 3_600_000;
    const numbers: readonly string[] = o.numbers ?? companyNumbers(db, KEYOWNER.ban, 'A', 3, 1);
    for (const n of numbers)
      if (o.kind === 'golden' && categoryOfLocal(n.slice(2)) !== o.category)
        throw new Error(`documents seed: ${n} is not ${o.category}`);
    const price = categoryPrice(o.category);
    const total = price * numbers.length;
    const vat = vatOf(total, DEFAULT_TAX_PERCENT);
    const orderId = orders.insert({
      ban: KEYOWNER.ban,
      kind: o.kind,
      status: 'issued',
      total,
      vat,
      now: at,
      createdBy: buyer,
    });
    if (o.kind === 'golden')
      for (const n of numbers) {
        const categoryId = categoryIdOf(o.category);
        sold.run(n, n.slice(0, 2), n.slice(2), categoryId, price, orderId);
        orders.addNumber(orderId, { number: n, categoryId, price });
      }
    else {
      orders.addRow(orderId, 0, {
        kolvo: numbers.length,
        category: String(categoryIdOf(o.category)),
        tariff: String(AT39_PRICE_PLANS[0].id),
        services: [],
        nominal: null,
      });
      for (const n of numbers) connected.run(at + DAY, n);
    }
    orders.addDetails(orderId, { address: null, tin: KEYOWNER.tin, comment: null });
    // the documents a checkout issues (server/golden/order-documents.ts), in the order's time; the first order's
    // waybill still waits for its scan (spec 4 status 0), the second's number supply had its scan refused (2)
    const issued = orderDocuments(
      {
        id: orderId,
        ban: KEYOWNER.ban,
        company: KEYOWNER.name,
        tin: KEYOWNER.tin,
        numbers: numbers.map((number) => ({ number, price })),
        total,
        vat,
        taxPercent: DEFAULT_TAX_PERCENT,
        date: tashkentDay(at),
      },
      'ru',
      buyer,
      at,
    );
    for (const [k, { now, ...d }] of issued.entries()) {
      const status = i === 0 && d.type === 4 ? 0 : i === 1 && d.type === 5 ? 2 : 1;
      docs.push({ ...d, status, at: now + k * 60_000 });
    }
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
    acceptedNumbers: [blocked as string],
    wholeAccount: false,
    companyInfo: {
      keySerialId: '7a3c0003',
      companyName: KEYOWNER.name,
      companyTin: KEYOWNER.tin,
      companyDirectorKeyName: 'RAHIMOV JAMSHID',
      clientSignDate: new Date(blockAt - 60_000).toISOString(),
      clientSign: 'MIIGseedSignatureOfTheDemoBlockDocumentBase64AAAAAAAAAAAAAAAA',
    },
    // as a signed block takes effect (server/handlers/block.handlers.ts): at the next midnight in Tashkent
    effectiveAt: nextTashkentMidnight(blockAt),
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
    data: { action: 'block', acceptedNumbers: [blocked as string], wholeAccount: false, text },
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
          `${KEYOWNER.name} (ИНН ${KEYOWNER.tin}, лицевой счёт ${KEYOWNER.ban}) просит подключить: ${s.what} для номера ${formatPhone(active as string)}.`,
        ),
      ],
    });
  }
  for (const { at, createdBy, ...d } of docs) {
    const id = insertDocument(db, { ...d, createdBy: createdBy ?? null, now: at });
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
