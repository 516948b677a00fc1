import { ParseSpeeds, PDFDocument } from 'pdf-lib';

/** How long one uploaded PDF may take to parse before it is refused (a real scan of the size limit takes well under). */
export const PDF_PARSE_TIMEOUT_MS = 10_000;

/**
 * Whether `bytes` (already within the upload size limit) is a PDF that parses: its objects read, a catalogue with at
 * least one page. A `%PDF-` header over anything else (zeros, a renamed file) is not a scan (DOC13). Parsing yields
 * every so many objects, so the timeout can refuse a file built to parse slowly; an encrypted scan still counts.
 */
export async function isReadablePdf(bytes: Uint8Array, timeoutMs = PDF_PARSE_TIMEOUT_MS): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const parse = (async () => {
    try {
      const doc = await PDFDocument.load(bytes, {
        ignoreEncryption: true,
        updateMetadata: false,
        throwOnInvalidObject: true,
        parseSpeed: ParseSpeeds.Fast,
      });
      return doc.getPageCount() > 0;
    } catch {
      return false;
    }
  })();
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([parse, late]);
  } finally {
    clearTimeout(timer);
  }
}
