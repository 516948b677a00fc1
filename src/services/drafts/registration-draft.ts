import { isDraftFresh, type RegistrationForm, storableForm } from '@/domain/preorder.rules';

/**
 * The registration wizard's draft: kept in localStorage so it survives a reload and a closed tab, without
 * the passport number (no password or signature is ever part of the form), offered for 24 hours, cleared on success.
 * Storage that is missing or throws makes every call a no-op: losing a draft must never break the form.
 * While step two is open the draft also names the key it is to be signed with (what the module lists of a key: its
 * place, serial, TIN and holder, never a password, signature or proof), so a reload comes back on step two (NC26).
 */

export const REGISTRATION_DRAFT_KEY = 'newClient:draft';

/** `K`: the key a draft left on step two names (the module's listing of it; the app layer says which type). */
export interface RegistrationDraftStore<K = unknown> {
  read(now: number): RegistrationForm | null;
  /** The key of a fresh draft left on step two, or null. */
  key(now: number): K | null;
  save(form: RegistrationForm, now: number): void;
  /** Marks the kept draft as left on step two with `key`, or (null) on step one; its 24 hours keep running. */
  keepKey(key: K | null, now: number): void;
  clear(): void;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function createRegistrationDraftStore<K = unknown>(
  storage: Storage | null,
): RegistrationDraftStore<K> {
  const attempt = <T>(fn: (s: Storage) => T, fallback: T): T => {
    if (!storage) return fallback;
    try {
      return fn(storage);
    } catch {
      return fallback;
    }
  };
  type Saved = { savedAt: number; form: RegistrationForm; key?: K | null };
  const load = (s: Storage, now: number): Saved | null => {
    const text = s.getItem(REGISTRATION_DRAFT_KEY);
    if (text === null) return null;
    const saved = JSON.parse(text) as Partial<Saved>;
    if (typeof saved.savedAt !== 'number' || typeof saved.form !== 'object' || saved.form === null)
      return null;
    if (!isDraftFresh(saved.savedAt, now)) {
      s.removeItem(REGISTRATION_DRAFT_KEY);
      return null;
    }
    return saved as Saved;
  };
  return {
    read: (now) =>
      attempt((s) => {
        const saved = load(s, now);
        return saved && storableForm(saved.form);
      }, null),
    key: (now) => attempt((s) => load(s, now)?.key ?? null, null),
    keepKey: (key, now) =>
      attempt((s) => {
        const saved = load(s, now);
        if (saved) s.setItem(REGISTRATION_DRAFT_KEY, JSON.stringify({ ...saved, key }));
      }, undefined),
    save: (form, now) =>
      attempt(
        (s) => s.setItem(REGISTRATION_DRAFT_KEY, JSON.stringify({ savedAt: now, form: storableForm(form) })),
        undefined,
      ),
    clear: () => attempt((s) => s.removeItem(REGISTRATION_DRAFT_KEY), undefined),
  };
}

/** The browser's store (localStorage), or a no-op one where there is none. */
export function browserRegistrationDraftStore<K = unknown>(): RegistrationDraftStore<K> {
  let storage: Storage | null = null;
  try {
    storage = typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    storage = null;
  }
  return createRegistrationDraftStore<K>(storage);
}
