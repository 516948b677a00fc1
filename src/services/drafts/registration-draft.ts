import { isDraftFresh, type RegistrationForm, storableForm } from '@/domain/preorder.rules';

/**
 * The registration wizard's draft: kept in localStorage so it survives a reload and a closed tab, without
 * the passport number (no password or signature is ever part of the form), offered for 24 hours, cleared on success.
 * Storage that is missing or throws makes every call a no-op: losing a draft must never break the form.
 */

export const REGISTRATION_DRAFT_KEY = 'newClient:draft';

export interface RegistrationDraftStore {
  read(now: number): RegistrationForm | null;
  save(form: RegistrationForm, now: number): void;
  clear(): void;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function createRegistrationDraftStore(storage: Storage | null): RegistrationDraftStore {
  const attempt = <T>(fn: (s: Storage) => T, fallback: T): T => {
    if (!storage) return fallback;
    try {
      return fn(storage);
    } catch {
      return fallback;
    }
  };
  return {
    read: (now) =>
      attempt((s) => {
        const text = s.getItem(REGISTRATION_DRAFT_KEY);
        if (text === null) return null;
        const saved = JSON.parse(text) as { savedAt?: unknown; form?: RegistrationForm };
        if (typeof saved.savedAt !== 'number' || typeof saved.form !== 'object' || saved.form === null)
          return null;
        if (!isDraftFresh(saved.savedAt, now)) {
          s.removeItem(REGISTRATION_DRAFT_KEY);
          return null;
        }
        return storableForm(saved.form);
      }, null),
    save: (form, now) =>
      attempt(
        (s) => s.setItem(REGISTRATION_DRAFT_KEY, JSON.stringify({ savedAt: now, form: storableForm(form) })),
        undefined,
      ),
    clear: () => attempt((s) => s.removeItem(REGISTRATION_DRAFT_KEY), undefined),
  };
}

/** The browser's store (localStorage), or a no-op one where there is none. */
export function browserRegistrationDraftStore(): RegistrationDraftStore {
  let storage: Storage | null = null;
  try {
    storage = typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    storage = null;
  }
  return createRegistrationDraftStore(storage);
}
