import { describe, expect, it } from 'vitest';
import { createDraftStore, type DraftStorage } from '@/services/drafts/draft-store';
import { goldenChoiceKey, keepGoldenChoice, readGoldenChoice } from '@/services/drafts/golden-choice';

/** A Map-backed sessionStorage. */
function memoryStorage(): DraftStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
  };
}

const a = { number: '901234500', categoryId: 192, price: 84_200 };
const b = { number: '907770011', categoryId: 153, price: 210_500 };

describe('the kept golden-number choice (docs/decisions.md GN14)', () => {
  it('is kept per user and read back as written; an empty choice removes it', () => {
    const storage = memoryStorage();
    const drafts = createDraftStore(storage);
    keepGoldenChoice(drafts, goldenChoiceKey('curator'), [a, b]);
    expect(readGoldenChoice(drafts, goldenChoiceKey('curator'))).toEqual([a, b]);
    expect(readGoldenChoice(drafts, goldenChoiceKey('keyowner'))).toEqual([]);
    keepGoldenChoice(drafts, goldenChoiceKey('curator'), []);
    expect(storage.map.size).toBe(0);
  });

  it('is gone with every draft on logout', () => {
    const drafts = createDraftStore(memoryStorage());
    keepGoldenChoice(drafts, goldenChoiceKey('curator'), [a]);
    drafts.clearAll();
    expect(readGoldenChoice(drafts, goldenChoiceKey('curator'))).toEqual([]);
  });

  it.each([
    ['not JSON', '{oops'],
    ['not a list', '{"number":"901234500"}'],
    ['a number that is not digits', '[{"number":"90<img>","categoryId":192,"price":1}]'],
    ['a price that is text', '[{"number":"901234500","categoryId":192,"price":"84200"}]'],
    [
      'more than 20 numbers',
      JSON.stringify(Array.from({ length: 21 }, (_, i) => ({ ...a, number: `9012345${10 + i}` }))),
    ],
  ])('a corrupt or foreign value (%s) reads as no choice', (_, text) => {
    const storage = memoryStorage();
    storage.setItem(goldenChoiceKey('curator'), JSON.stringify({ numbers: text }));
    expect(readGoldenChoice(createDraftStore(storage), goldenChoiceKey('curator'))).toEqual([]);
  });

  it('a number kept twice is read once', () => {
    const storage = memoryStorage();
    storage.setItem(goldenChoiceKey('curator'), JSON.stringify({ numbers: JSON.stringify([a, a, b]) }));
    expect(readGoldenChoice(createDraftStore(storage), goldenChoiceKey('curator'))).toEqual([a, b]);
  });
});
