import { createContext, useContext } from 'react';
import type { NumbersMachine } from '@/machines/numbers.machine';

/** The profile area's machines with their actors: real ones from the composition root, fakes in tests. */
export interface ProfileLogic {
  /** The numbers list machine, provided with its fetch, prefetch and export actors. */
  readonly numbersLogic: NumbersMachine;
}

/** Set by the app (src/app/profile.services.ts) or by a test around the profile pages. */
export const ProfileLogicContext = createContext<ProfileLogic | null>(null);

/** The provided logic; a page rendered without it is a wiring mistake, reported loudly. */
export function useProfileLogic(): ProfileLogic {
  const logic = useContext(ProfileLogicContext);
  if (!logic) throw new Error('ProfileLogicContext is not provided (src/app/profile.services.ts)');
  return logic;
}
