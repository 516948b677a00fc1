import { downloadName, isDownloadType } from '@/domain/download.rules';

/**
 * Hands a file the server sent (a Blob) to the browser as a download, through a temporary object URL on a clicked
 * `<a download>`; the URL is released once the click has been handled. The name ends in the extension of the type
 * the file came with (PRM6: a PNG scan is saved as `.png` even when the page guessed `.pdf`); a file without a known
 * type keeps the name it was given.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = isDownloadType(blob.type) ? downloadName(fileName, blob.type) : fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
