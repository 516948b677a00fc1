/**
 * The API client's file transfers: multipart bodies, uploads with progress (XMLHttpRequest) and downloads read as a
 * stream. A chunk of its own, fetched on the first upload or counted download (./client.ts), so that the login page's
 * scripts carry only the JSON calls.
 */

/** The multipart body of an upload: the form fields (objects as JSON, null/undefined left out), then the file. */
export function toFormData(
  fields: unknown,
  fileField: string,
  file: Blob,
  fileName: string | undefined,
): FormData {
  const form = new FormData();
  if (fields && typeof fields === 'object') {
    for (const [k, v] of Object.entries(fields)) {
      if (v === undefined || v === null) continue;
      form.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
    }
  }
  form.append(fileField, file, fileName ?? (file instanceof File ? file.name : 'file'));
  return form;
}

/** An upload through XMLHttpRequest, for its upload progress events; resolves with the status, type and text. */
export function xhrSend(
  url: string,
  headers: Record<string, string>,
  body: FormData,
  signal: AbortSignal,
  onProgress: (loaded: number, total: number) => void,
): Promise<{ status: number; contentType: string; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        contentType: xhr.getResponseHeader('content-type') ?? '',
        text: xhr.responseText,
      });
    xhr.onerror = () => reject(new Error('network'));
    xhr.onabort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** A download's bytes read as they arrive, counted through `onProgress` (`total` 0 when the length is unknown). */
export async function readCounted(
  stream: ReadableStream<Uint8Array>,
  contentType: string,
  total: number,
  onProgress: (loaded: number, total: number) => void,
): Promise<Blob> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.length;
    onProgress(loaded, total);
  }
  return new Blob(chunks as BlobPart[], { type: contentType });
}
