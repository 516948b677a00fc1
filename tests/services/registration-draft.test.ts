import { describe, expect, it } from 'vitest';
import { createRegistrationDraftStore, REGISTRATION_DRAFT_KEY } from '@/services/drafts/registration-draft';
import { completeDraft, prospectKey } from '../machines/new-client.payloads';

/** An in-memory localStorage. */
function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

const withPassport = {
  ...completeDraft,
  contactFace: { ...completeDraft.contactFace, passport: 'AB1234567' },
};

describe('the registration draft left on step two (NC26)', () => {
  it('names the key while step two is open, and no longer once the visitor is back on step one', () => {
    const storage = memoryStorage();
    const drafts = createRegistrationDraftStore(storage);
    drafts.save(withPassport, 1_000);
    expect(drafts.key(2_000)).toBeNull();
    drafts.keepKey(prospectKey, 2_000);
    expect(drafts.key(3_000)).toEqual(prospectKey);
    expect(drafts.read(3_000)?.login).toBe(completeDraft.login);
    // the passport number is never kept, with or without the key
    expect(storage.data.get(REGISTRATION_DRAFT_KEY)).not.toContain('AB1234567');
    drafts.keepKey(null, 4_000);
    expect(drafts.key(5_000)).toBeNull();
    // a change on step one keeps the form without the key
    drafts.keepKey(prospectKey, 5_000);
    drafts.save(withPassport, 6_000);
    expect(drafts.key(7_000)).toBeNull();
  });

  it('the key goes with the draft after 24 hours, counted from the last change (not from step two)', () => {
    const drafts = createRegistrationDraftStore(memoryStorage());
    drafts.save(completeDraft, 1_000);
    // the decision's 24 hours, written out in milliseconds
    const DAY = 24 * 60 * 60 * 1000;
    drafts.keepKey(prospectKey, 1_000 + DAY - 10);
    expect(drafts.key(1_000 + DAY - 1)).toEqual(prospectKey);
    expect(drafts.read(1_000 + DAY - 1)?.login).toBe(completeDraft.login);
    expect(drafts.key(1_000 + DAY)).toBeNull();
    expect(drafts.read(1_000 + DAY)).toBeNull();
  });

  it('no draft, no key: marking step two keeps nothing of its own', () => {
    const storage = memoryStorage();
    const drafts = createRegistrationDraftStore(storage);
    drafts.keepKey(prospectKey, 1_000);
    expect(storage.data.size).toBe(0);
    expect(createRegistrationDraftStore(null).key(1_000)).toBeNull();
  });
});
