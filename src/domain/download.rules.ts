/**
 * How a file leaves the server (security finding 32; docs/decisions.md PRM6): a download is served with a type the
 * portal knows, as an attachment whose name ends in that type's extension — never with the extension an uploader
 * chose (a PDF/HTML polyglot uploaded as `evil.html` downloads as `evil.pdf`). Shared by the reference server (every
 * download reply) and the SPA (the name it saves a fetched file under).
 */

/** The types a download is served as, each with the extension its name ends in. */
export const DOWNLOAD_TYPES = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'text/csv': 'csv',
  'application/octet-stream': 'bin',
} as const;

export type DownloadType = keyof typeof DOWNLOAD_TYPES;

/** What a file of a type the portal does not serve is sent as: bytes to save, never to show. */
export const UNKNOWN_DOWNLOAD_TYPE: DownloadType = 'application/octet-stream';

/** The type without its parameters, lower-cased (`text/csv;charset=utf-8` → `text/csv`). */
const essenceOf = (mime: string) => (mime.split(';')[0] ?? '').trim().toLowerCase();

/** Whether the portal serves this type as itself (parameters ignored). */
export function isDownloadType(mime: string): boolean {
  return Object.hasOwn(DOWNLOAD_TYPES, essenceOf(mime));
}

/** The type a download is served as: a known type as it is, anything else as `application/octet-stream`. */
export function downloadTypeOf(mime: string): DownloadType {
  const essence = essenceOf(mime);
  return isDownloadType(essence) ? (essence as DownloadType) : UNKNOWN_DOWNLOAD_TYPE;
}

const MAX_BASE = 120;
/** Characters a file system or a header refuses, and control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is dropped
const UNSAFE = /[\u0000-\u001f\u007f\\/:*?"<>|;]+/g;

/**
 * The name a download is saved under: the given name without any path and without its last extension, followed by
 * the extension of the type it is served as (`downloadTypeOf`). `evil.html` as a PDF is `evil.pdf`; a name with
 * nothing left is `file`.
 */
export function downloadName(name: string, mime: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const dot = last.lastIndexOf('.');
  const base = (dot > 0 ? last.slice(0, dot) : dot === 0 ? '' : last)
    .replace(UNSAFE, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, MAX_BASE);
  return `${base || 'file'}.${DOWNLOAD_TYPES[downloadTypeOf(mime)]}`;
}

/** `encodeURIComponent` that also escapes the characters RFC 5987 `attr-char` excludes. */
const pct = (s: string) =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `Content-Disposition` of a download (RFC 6266): always an attachment, with an ASCII name for old clients and the
 * UTF-8 name (`filename*`) that browsers prefer — a Cyrillic or Uzbek name survives. Call with a `downloadName`.
 */
export function contentDisposition(name: string): string {
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot) : '';
  const asciiBase = (dot > 0 ? name.slice(0, dot) : name)
    .replace(/[^\x20-\x7e]+/g, '_')
    .replace(/["\\%]/g, '_')
    .trim();
  const ascii = `${/[a-z0-9]/i.test(asciiBase) ? asciiBase : 'download'}${ext}`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${pct(name)}`;
}
