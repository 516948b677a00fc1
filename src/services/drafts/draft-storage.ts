/**
 * Where drafts live, and dropping all of them at sign-out: apart from the store (./draft-store.ts), so the login
 * page's script, which only ever drops drafts, does not carry the store that writes and reads them (the store comes
 * with the signed-in pages' workflows).
 */

/** Where drafts live: the browser's sessionStorage, or anything with the same methods (tests). */
export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length: number;
  key(index: number): string | null;
}

/** Prefix of every draft entry in the storage. */
export const DRAFT_PREFIX = 'draft:';

/** The browser's sessionStorage, or null where there is none or it may not be used (a privacy setting). */
export function browserDraftStorage(): DraftStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Drops every draft in `storage` (explicit sign-out); a storage that refuses is left as it is. */
export function clearDrafts(storage: DraftStorage | null): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < (storage?.length ?? 0); i++) {
      const k = storage?.key(i);
      if (k?.startsWith(DRAFT_PREFIX)) keys.push(k);
    }
    for (const k of keys) storage?.removeItem(k);
  } catch {
    // nothing to do: the drafts stay in this tab's storage, which the tab's closing drops
  }
}
