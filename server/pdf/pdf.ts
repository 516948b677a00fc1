import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, rgb } from 'pdf-lib';
import { serverPath } from '../paths';

/**
 * A small text-document PDF builder for the reference backend: A4 pages of headings and wrapped paragraphs in
 * DejaVu Sans (shipped in server/pdf/fonts, so Cyrillic and Uzbek Latin with ʻ render without a system font). The
 * font is subset into each file, so a one-page document stays small.
 */

const FONT_PATH = serverPath('pdf', 'fonts', 'DejaVuSans.ttf');
let fontBytes: Buffer | undefined;

/** A block of a document: a heading or a paragraph of plain text. */
export type PdfBlock = { readonly kind: 'heading' | 'paragraph' | 'small'; readonly text: string };

export interface PdfDocumentSpec {
  readonly title: string;
  /** document language for the catalogue (e.g. 'ru') */
  readonly lang: string;
  readonly blocks: readonly PdfBlock[];
}

const PAGE = { width: 595.28, height: 841.89, margin: 56 } as const;
const SIZES = { heading: 13, paragraph: 11, small: 9 } as const;

/** Greedy word wrap to `width` points. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line === '' ? word : `${line} ${word}`;
    if (line !== '' && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** Builds the PDF; the bytes start with `%PDF-`. */
export async function buildTextPdf(spec: PdfDocumentSpec): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  fontBytes ??= readFileSync(FONT_PATH);
  const font = await doc.embedFont(fontBytes, { subset: true });
  doc.setTitle(spec.title);
  doc.setLanguage(spec.lang);
  doc.setProducer('b2b-portal reference backend');
  const width = PAGE.width - 2 * PAGE.margin;
  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  for (const block of spec.blocks) {
    const size = SIZES[block.kind];
    const leading = size * 1.4;
    if (block.kind === 'heading') y -= size * 0.6;
    for (const line of wrap(block.text, font, size, width)) {
      if (y - leading < PAGE.margin) {
        page = doc.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
      }
      y -= leading;
      page.drawText(line, { x: PAGE.margin, y, size, font, color: rgb(0.1, 0.1, 0.1) });
    }
    y -= size * 0.6;
  }
  return doc.save();
}
