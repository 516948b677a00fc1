import { documentDate, type NoticeFields } from '../../src/domain/debt.rules';
import { formatSum } from '../../src/domain/money.rules';

/**
 * The text of a debt notice, a document the operator sends to the debtor (like the contract texts of spec 1, it is
 * produced by the server in both languages and shown by the SPA as plain text). Paragraphs, in order.
 */
export interface NoticeText {
  readonly ru: string[];
  readonly uz: string[];
}

/** Uzbek amounts: same grouping as Russian (spec 9: currency sum shown in locale ru), the word 'soʻm'. */
const uzSum = (n: number) => formatSum(n, { lang: 'uz' });

export function noticeText(f: NoticeFields): NoticeText {
  const date = documentDate(f.date);
  const due = documentDate(f.dueDate);
  const payBy = documentDate(f.payBy);
  return {
    ru: [
      `Уведомление о задолженности № ${f.number} от ${date}`,
      `Кому: ${f.company}, лицевой счёт (BAN) ${f.ban}.`,
      `По состоянию на ${date} за вашим лицевым счётом числится задолженность ${formatSum(f.debt)}. ` +
        `Срок оплаты истёк ${due}, просрочка ${f.daysOverdue} дн.`,
      `Просим погасить задолженность до ${payBy}. В противном случае оператор вправе приостановить ` +
        'обслуживание номеров лицевого счёта.',
      'Если оплата уже произведена, просим не учитывать это уведомление.',
    ],
    uz: [
      `${date} sanadagi ${f.number}-son qarzdorlik toʻgʻrisida bildirishnoma`,
      `Kimga: ${f.company}, shaxsiy hisob raqami (BAN) ${f.ban}.`,
      `${date} holatiga koʻra shaxsiy hisobingiz boʻyicha ${uzSum(f.debt)} qarzdorlik mavjud. ` +
        `Toʻlov muddati ${due} kuni tugagan, kechikish ${f.daysOverdue} kun.`,
      `Qarzdorlikni ${payBy} sanasigacha toʻlashingizni soʻraymiz. Aks holda operator shaxsiy hisob ` +
        'raqamlariga xizmat koʻrsatishni toʻxtatib qoʻyish huquqiga ega.',
      'Agar toʻlov allaqachon amalga oshirilgan boʻlsa, ushbu bildirishnomani inobatga olmang.',
    ],
  };
}
