import { saveBlob } from './blob-download.export';
import { EXPORT_MIME } from './table.export';

/** Hands a built CSV/XLSX file to the browser as a download (through `saveBlob`, with the format's MIME type). */
export function saveFile(bytes: Uint8Array, fileName: string, format: keyof typeof EXPORT_MIME): void {
  saveBlob(new Blob([bytes as BlobPart], { type: EXPORT_MIME[format] }), fileName);
}
