/**
 * Drafts of what a user typed into a form, kept across a session expiry (spec 4, E009) and restored after the next
 * sign-in. Stored in sessionStorage (this tab only, gone when the tab closes), one entry per user + page path + form.
 * Secrets are never written: fields whose name looks like a password, code or token are dropped before saving.
 */

/** The values of one form: field name → text. */
export type DraftValues = Readonly<Record<string, string>>;

import { browserDraftStorage, clearDrafts, DRAFT_PREFIX, type DraftStorage } from './draft-storage';

export { DRAFT_PREFIX, type DraftStorage };

export interface DraftStore {
  /** Keeps the non-secret fields of `values` under `key` (an empty result removes the draft). */
  save(key: string, values: DraftValues): void;
  /** The draft under `key`, or null. */
  read(key: string): DraftValues | null;
  /** Drops one draft (the form was submitted). */
  clear(key: string): void;
  /** Drops every draft (explicit logout). */
  clearAll(): void;
}

/** Field names that are never persisted (passwords, SMS codes, tokens). */
const SECRET_FIELD = /pass|pwd|secret|code|token|pin/i;

/** Whether a field name is one whose value must never be written to storage. */
export function isSecretField(name: string): boolean {
  return SECRET_FIELD.test(name);
}

/**
 * The key of a form's draft: the user, the page path without the language segment (a language switch keeps the
 * draft) and the form id, e.g. `draft:curator:/settings:contacts`.
 */
export function draftKey(parts: { user: string; path: string; form: string }): string {
  const path = parts.path.replace(/^\/(ru|uz)(?=\/|$)/, '') || '/';
  return `${DRAFT_PREFIX}${parts.user}:${path}:${parts.form}`;
}

function publicValues(values: DraftValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (!isSecretField(name) && typeof value === 'string') out[name] = value;
  }
  return out;
}

function parse(text: string | null): DraftValues | null {
  if (text === null) return null;
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
    const values = publicValues(data as Record<string, string>);
    return Object.keys(values).length > 0 ? values : null;
  } catch {
    return null;
  }
}

/**
 * A draft store over `storage`. Storage that is missing or throws (private mode, quota) makes every call a no-op:
 * losing a draft must never break the form.
 */
export function createDraftStore(storage: DraftStorage | null | undefined): DraftStore {
  const attempt = <T>(fn: (s: DraftStorage) => T, fallback: T): T => {
    if (!storage) return fallback;
    try {
      return fn(storage);
    } catch {
      return fallback;
    }
  };
  return {
    save(key, values) {
      const kept = publicValues(values);
      attempt((s) => {
        if (Object.keys(kept).length === 0) s.removeItem(key);
        else s.setItem(key, JSON.stringify(kept));
      }, undefined);
    },
    read: (key) => attempt((s) => parse(s.getItem(key)), null),
    clear(key) {
      attempt((s) => s.removeItem(key), undefined);
    },
    clearAll: () => clearDrafts(storage ?? null),
  };
}

/** The browser's draft store (sessionStorage), or a no-op store where there is none. */
export function browserDraftStore(): DraftStore {
  return createDraftStore(browserDraftStorage());
}
