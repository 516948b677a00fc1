import { z } from 'zod/mini';
import { type GoldenOffer, MAX_SELECTION } from '@/domain/golden.rules';
import { type DraftStore, draftKey } from './draft-store';

/**
 * The golden numbers a curator has chosen on /purchase, kept in the tab's draft store (sessionStorage) so that a
 * reload or Back/Forward does not lose them (docs/decisions.md GN14). Kept per user (the key names the
 * login), dropped on checkout, on the user's clearing and with every draft on logout. What is read back is parsed:
 * anything that is not a list of chosen numbers (a corrupt or foreign value) reads as no choice.
 */

/** The draft's one field: the chosen numbers as JSON. */
const FIELD = 'numbers';

// zod/mini, as the contract: the full zod would land in the vendor script every page loads (the login budget)
const keptOffer = z.object({
  number: z.string().check(z.regex(/^\d{9,12}$/)),
  categoryId: z.int().check(z.nonnegative()),
  price: z.number().check(z.nonnegative()),
});
const keptChoice = z.array(keptOffer).check(z.maxLength(MAX_SELECTION));

/** Where a user's choice is kept, e.g. `draft:curator:/purchase:goldenChoice`. */
export function goldenChoiceKey(user: string): string {
  return draftKey({ user, path: '/purchase', form: 'goldenChoice' });
}

/** The choice kept under `key`: the numbers in the order chosen, each once; none when nothing valid is kept. */
export function readGoldenChoice(drafts: DraftStore, key: string): readonly GoldenOffer[] {
  const text = drafts.read(key)?.[FIELD];
  if (text === undefined) return [];
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return [];
  }
  const parsed = keptChoice.safeParse(data);
  if (!parsed.success) return [];
  const seen = new Set<string>();
  return parsed.data.filter((o) => !seen.has(o.number) && seen.add(o.number));
}

/** Keeps the choice under `key` (an empty choice removes it). */
export function keepGoldenChoice(drafts: DraftStore, key: string, offers: readonly GoldenOffer[]): void {
  if (offers.length === 0) drafts.clear(key);
  else
    drafts.save(key, {
      [FIELD]: JSON.stringify(
        offers.map((o) => ({ number: o.number, categoryId: o.categoryId, price: o.price })),
      ),
    });
}
