/**
 * The smallest PDF that parses (catalogue, page tree, one page): what an upload test sends as a scan now that the
 * server reads an uploaded PDF's structure, not only its `%PDF-` header (docs/decisions.md DOC13).
 */
export const TINY_PDF =
  '%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n' +
  '3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n';

/** TINY_PDF's bytes (latin1: it is all ASCII). */
export const tinyPdfBytes = (): Uint8Array<ArrayBuffer> => new TextEncoder().encode(TINY_PDF);
