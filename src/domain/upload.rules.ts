/**
 * Upload rules (spec 4 "Document upload status: 0 initial, 1 ok, 2 error with server message"; spec 5 and 8
 * "Unsupported upload format gives E118"; docs/decisions.md DOC3-DOC4). Shared by the upload chart (its guards), the
 * upload view (the picker's `accept`) and the reference server (it checks the same file again by its bytes).
 */

/** The kinds of file an upload accepts: scans of signed documents (spec 7 `documents/re-upload`, AT 39 `save-doc`). */
export const UPLOAD_KINDS = {
  pdf: { mime: 'application/pdf', extensions: ['pdf'] },
  jpeg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  png: { mime: 'image/png', extensions: ['png'] },
} as const;

/** A kind of file an upload accepts. */
export type UploadKind = keyof typeof UPLOAD_KINDS;

/** Every accepted kind, the default of an upload. */
export const ALL_UPLOAD_KINDS: readonly UploadKind[] = ['pdf', 'jpeg', 'png'];

/**
 * The largest file an upload takes: 20 MB (DOC3: a multi-page colour scan at 300 dpi stays well under it; the
 * reference server keeps files in its database, so the limit also bounds one row).
 */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/** How many leading bytes identify a kind (`sniffUploadKind`). */
export const UPLOAD_SNIFF_BYTES = 8;

/** Why a file is refused before it is sent: E118 (spec 8) or ours (empty, too large). */
export type UploadRefusal = 'E118' | 'upload.empty' | 'upload.tooLarge';

/** Limits of one upload: the accepted kinds and the size limit. */
export interface UploadLimits {
  readonly kinds: readonly UploadKind[];
  readonly maxBytes: number;
}

/** The default limits (all kinds, 20 MB). */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { kinds: ALL_UPLOAD_KINDS, maxBytes: UPLOAD_MAX_BYTES };

/** The kind a file name claims by its extension (case-insensitive), or null. */
export function uploadKindOfName(name: string): UploadKind | null {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  for (const [kind, def] of Object.entries(UPLOAD_KINDS)) {
    if ((def.extensions as readonly string[]).includes(ext)) return kind as UploadKind;
  }
  return null;
}

const startsWith = (bytes: Uint8Array, magic: readonly number[]) =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

/**
 * The kind a file really is, read from its first bytes (DOC4: the name and the browser's type can lie, the bytes
 * cannot): `%PDF-`, the JPEG SOI marker `FF D8 FF`, the PNG signature. Null for anything else (a renamed .exe starts
 * with `MZ`).
 */
export function sniffUploadKind(head: Uint8Array): UploadKind | null {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  return null;
}

/**
 * Checks a chosen file before anything is read or sent (the chart's first step): empty, larger than the limit, or a
 * name whose extension is not an accepted kind (E118). Null when it may go on to the byte check.
 */
export function refuseUploadFile(
  file: { readonly name: string; readonly size: number },
  limits: UploadLimits,
): UploadRefusal | null {
  if (file.size <= 0) return 'upload.empty';
  if (file.size > limits.maxBytes) return 'upload.tooLarge';
  const kind = uploadKindOfName(file.name);
  if (kind === null || !limits.kinds.includes(kind)) return 'E118';
  return null;
}

/** Whether the kind read from the bytes is one the upload accepts (E118 otherwise). */
export function isAcceptedUploadKind(kind: UploadKind | null, limits: UploadLimits): boolean {
  return kind !== null && limits.kinds.includes(kind);
}

/** The file picker's `accept` attribute for the accepted kinds (`.pdf,.jpg,.jpeg,application/pdf,…`). */
export function uploadAccept(kinds: readonly UploadKind[]): string {
  return kinds
    .flatMap((k) => [...UPLOAD_KINDS[k].extensions.map((e) => `.${e}`), UPLOAD_KINDS[k].mime])
    .join(',');
}

/** Size limit in whole megabytes, for messages ('не больше 20 МБ'). */
export const megabytes = (bytes: number): number => Math.round(bytes / (1024 * 1024));

/** Upload progress in whole percent (0 when the total is unknown), never above 100. */
export function uploadPercent(loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
}
