import { zip } from './zip';

/**
 * The users' instruction for online-sales documents as a Word document (spec 7 `documents/instruction` "docx blob";
 * spec 9 "Report downloads: … instruction docx"; docs/decisions.md DOC12): the minimal parts of WordprocessingML
 * (content types, package relationships, the document), text in Russian, then in Uzbek.
 */

/** The instruction's text: headings and paragraphs, Russian then Uzbek. */
export const INSTRUCTION_TEXT: readonly { readonly heading?: true; readonly text: string }[] = [
  { heading: true, text: 'Инструкция: документы онлайн-продаж' },
  {
    text: 'Раздел «Документы» показывает заказы вашей компании и их документы: договоры, накладные, акты передачи номеров, счета-фактуры, заявления о блокировке и восстановлении номеров и заявления на услуги.',
  },
  {
    text: 'Выберите начальную и конечную дату, чтобы увидеть документы за период. Откройте документ, чтобы увидеть его статус и текст, и скачайте его в PDF.',
  },
  {
    text: 'Если документу нужен новый скан, загрузите файл PDF, JPG или PNG размером не больше 20 МБ: перетащите его в поле загрузки или нажмите «Выбрать файл». Статус 1 означает, что файл принят; статус 2 — ошибка, причина указана рядом.',
  },
  { text: 'Файлы других форматов не принимаются (ошибка E118), даже если их переименовать.' },
  { heading: true, text: 'Yoʻriqnoma: onlayn savdo hujjatlari' },
  {
    text: '«Hujjatlar» boʻlimida kompaniyangizning buyurtmalari va ularning hujjatlari koʻrsatiladi: shartnomalar, yuk xatlari, raqamlarni topshirish dalolatnomalari, hisob-fakturalar, raqamlarni bloklash va tiklash toʻgʻrisidagi arizalar hamda xizmatlar uchun arizalar.',
  },
  {
    text: 'Davr boʻyicha hujjatlarni koʻrish uchun boshlangʻich va yakuniy sanani tanlang. Hujjatning holati va matnini koʻrish uchun uni oching va PDF shaklida yuklab oling.',
  },
  {
    text: 'Agar hujjatga yangi skan kerak boʻlsa, hajmi 20 MB dan oshmaydigan PDF, JPG yoki PNG faylni yuklang: uni yuklash maydoniga torting yoki «Faylni tanlash» tugmasini bosing. 1-holat fayl qabul qilinganini, 2-holat xatoni bildiradi, sababi yonida koʻrsatiladi.',
  },
  { text: 'Boshqa formatdagi fayllar qabul qilinmaydi (E118 xatosi), hatto nomi oʻzgartirilgan boʻlsa ham.' },
];

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const paragraph = (p: { heading?: true; text: string }) =>
  p.heading
    ? `<w:p><w:pPr><w:spacing w:before="240" w:after="120"/></w:pPr><w:r><w:rPr><w:b/><w:sz w:val="32"/></w:rPr><w:t xml:space="preserve">${esc(p.text)}</w:t></w:r></w:p>`
    : `<w:p><w:pPr><w:spacing w:after="120"/></w:pPr><w:r><w:t xml:space="preserve">${esc(p.text)}</w:t></w:r></w:p>`;

/** The .docx file's bytes. */
export function buildInstructionDocx(): Uint8Array {
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  return zip([
    {
      name: '[Content_Types].xml',
      data: `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    },
    {
      name: 'word/document.xml',
      data: `${xml}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${INSTRUCTION_TEXT.map(paragraph).join('')}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1134" w:right="850" w:bottom="1134" w:left="1701" w:header="709" w:footer="709" w:gutter="0"/></w:sectPr></w:body></w:document>`,
    },
  ]);
}
