import type { SnapshotFrom } from 'xstate';
import type { NewNumbersMachine, QrCategory } from './new-numbers.machine';

/** What the new-numbers page reads. */
export type NewNumbersSnapshot = SnapshotFrom<NewNumbersMachine>;
export type NewNumbersPhase = 'loading' | 'shown' | 'empty' | 'failed';
export const selectNewNumbersPhase = (s: NewNumbersSnapshot): NewNumbersPhase => s.value as NewNumbersPhase;
export const selectQrCategories = (s: NewNumbersSnapshot): readonly QrCategory[] => s.context.categories;
export const selectNewNumbersError = (s: NewNumbersSnapshot): string | null => s.context.errorCode;
