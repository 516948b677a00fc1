// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { appApiOf } from '@/app/api';
import { createSessionLogic } from '@/app/session.actors';
import type { ApiClient } from '@/services/api/client';
import { clearDrafts } from '@/services/drafts/draft-storage';
import {
  createDraftStore,
  DRAFT_PREFIX,
  type DraftStorage,
  draftKey,
  isSecretField,
} from '@/services/drafts/draft-store';

/** An in-memory Storage with the same methods as sessionStorage. */
function memoryStorage(): DraftStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => {
      data.set(k, v);
    },
    removeItem: (k) => {
      data.delete(k);
    },
    get length() {
      return data.size;
    },
    key: (i) => [...data.keys()][i] ?? null,
  };
}

describe('draft store', () => {
  it('keys drafts by user, page path without the language, and form', () => {
    expect(draftKey({ user: 'curator', path: '/ru/settings', form: 'contacts' })).toBe(
      `${DRAFT_PREFIX}curator:/settings:contacts`,
    );
    expect(draftKey({ user: 'curator', path: '/uz/settings', form: 'contacts' })).toBe(
      draftKey({ user: 'curator', path: '/settings', form: 'contacts' }),
    );
    expect(draftKey({ user: 'a', path: '/russia', form: 'f' })).toBe(`${DRAFT_PREFIX}a:/russia:f`);
  });

  it('keeps and reads back what was typed', () => {
    const store = createDraftStore(memoryStorage());

    store.save('draft:k', { email: 'a@b.uz', phone: '901234567' });

    expect(store.read('draft:k')).toEqual({ email: 'a@b.uz', phone: '901234567' });
    expect(store.read('draft:other')).toBeNull();
  });

  it.each(['password', 'currentPassword', 'confirm_pwd', 'code', 'smsCode', 'token', 'pin'])(
    'never writes the secret field %s',
    (name) => {
      const storage = memoryStorage();
      const store = createDraftStore(storage);

      store.save('draft:k', { [name]: 'Secret-1', email: 'a@b.uz' });

      expect(isSecretField(name)).toBe(true);
      expect([...storage.data.values()].join()).not.toContain('Secret-1');
      expect(store.read('draft:k')).toEqual({ email: 'a@b.uz' });
    },
  );

  it('removes a draft with nothing left to keep, and on clear', () => {
    const storage = memoryStorage();
    const store = createDraftStore(storage);
    store.save('draft:a', { email: 'a@b.uz' });
    store.save('draft:b', { email: 'b@b.uz' });

    store.save('draft:a', { password: 'x' });
    store.clear('draft:b');

    expect(storage.data.size).toBe(0);
  });

  it('clearAll drops every draft and nothing else', () => {
    const storage = memoryStorage();
    storage.setItem('locale', 'uz');
    const store = createDraftStore(storage);
    store.save(`${DRAFT_PREFIX}a`, { x: '1' });
    store.save(`${DRAFT_PREFIX}b`, { y: '2' });

    store.clearAll();

    expect([...storage.data.keys()]).toEqual(['locale']);
  });

  it('reads a corrupt or foreign entry as no draft', () => {
    const storage = memoryStorage();
    storage.setItem('draft:bad', '{not json');
    storage.setItem('draft:list', '[1,2]');
    const store = createDraftStore(storage);

    expect(store.read('draft:bad')).toBeNull();
    expect(store.read('draft:list')).toBeNull();
  });

  it('never throws when storage is missing or refuses', () => {
    const refusing: DraftStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
      length: 0,
      key: () => null,
    };
    for (const store of [createDraftStore(null), createDraftStore(refusing)]) {
      expect(() => store.save('draft:k', { a: '1' })).not.toThrow();
      expect(store.read('draft:k')).toBeNull();
      expect(() => store.clear('draft:k')).not.toThrow();
      expect(() => store.clearAll()).not.toThrow();
    }
  });
});

describe('dropping every draft at sign-out without the store (the login page’s script)', () => {
  it('clearDrafts drops exactly the drafts; a missing or refusing storage is left alone', () => {
    const storage = memoryStorage();
    storage.setItem('locale', 'ru');
    storage.setItem(`${DRAFT_PREFIX}u:/settings:contacts`, '{"email":"a@b.uz"}');
    storage.setItem(`${DRAFT_PREFIX}u:/purchase:order`, '{"rows":"[]"}');
    clearDrafts(storage);
    expect([...storage.data.keys()]).toEqual(['locale']);
    expect(() => clearDrafts(null)).not.toThrow();
    const refusing = {
      ...memoryStorage(),
      length: 1,
      key: () => `${DRAFT_PREFIX}x`,
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => clearDrafts(refusing)).not.toThrow();
  });

  it('the session drops the browser’s drafts on sign-out when the app gives it no store', async () => {
    sessionStorage.setItem(`${DRAFT_PREFIX}u:/settings:contacts`, '{"email":"a@b.uz"}');
    sessionStorage.setItem('locale', 'uz');
    const logic = createSessionLogic(
      appApiOf(async () => ({}) as ApiClient),
      {},
    );
    const forget = logic.implementations.actions.forgetDrafts as () => void;
    forget();
    expect(sessionStorage.getItem(`${DRAFT_PREFIX}u:/settings:contacts`)).toBeNull();
    expect(sessionStorage.getItem('locale')).toBe('uz');
    sessionStorage.clear();
  });
});
