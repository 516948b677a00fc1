import type { RegistrationRow } from '../../src/services/contract/at39.contract';
import { REGIONS } from '../db/seed-data';

/**
 * GET at39/docs/statistics: the caller's registrations of the period as a real spreadsheet (XLSX, one sheet, a bold
 * frozen header row), built with exceljs like the debt-control export (docs/decisions.md AT9). Headers in Russian
 * and Uzbek, so the one file reads in both languages.
 */

const STATUS_TEXT: Record<string, string> = {
  draft: 'Черновик / Qoralama',
  documents: 'Нет документов / Hujjatlar yoʻq',
  submitted: 'Отправлена / Yuborildi',
  registered: 'Зарегистрирована / Roʻyxatga olindi',
  rejected: 'Отклонена / Rad etildi',
};

const HEADERS = [
  'ID',
  'Клиент / Mijoz',
  'Номер / Raqam',
  'Регион / Hudud',
  'Статус / Holat',
  'Дата / Sana',
  'Дата статуса / Holat sanasi',
  'Комментарии / Izohlar',
];

type ExcelModule = typeof import('exceljs');

export async function buildStatisticsXlsx(rows: readonly RegistrationRow[]): Promise<Uint8Array> {
  const mod = (await import('exceljs')) as ExcelModule & { default?: ExcelModule };
  const { Workbook } = mod.default ?? mod;
  const wb = new Workbook();
  const sheet = wb.addWorksheet('AT 39', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = HEADERS.map((header, i) => ({ header, key: `c${i}`, width: i === 1 ? 32 : 20 }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    const fio = r.clientFioInfo;
    sheet.addRow([
      String(r.registrationId),
      [fio?.surname, fio?.name, fio?.patronymic].filter(Boolean).join(' '),
      r.phoneNumber ?? '',
      REGIONS.find((g) => String(g.id) === String(r.regionId))?.name ?? String(r.regionId ?? ''),
      STATUS_TEXT[String(r.status)] ?? String(r.status ?? ''),
      (r.createdAt ?? '').slice(0, 10),
      (r.statusAt ?? '').slice(0, 10),
      String(r.commentCount ?? 0),
    ]);
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}
