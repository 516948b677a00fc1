import { EXPORT_MIME } from './table.export';

/**
 * Hands a built file to the browser as a download (a temporary object URL on a clicked `<a download>`). The URL is
 * released after the click has been handled.
 */
export function saveFile(bytes: Uint8Array, fileName: string, format: keyof typeof EXPORT_MIME): void {
  const blob = new Blob([bytes as BlobPart], { type: EXPORT_MIME[format] });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
