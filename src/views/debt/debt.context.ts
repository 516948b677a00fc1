import { createActorContext } from '@xstate/react';
import { createContext, useContext } from 'react';
import { type DebtMachine, debtMachine } from '@/machines/debt.machine';

/** The debt-control actor; the page provides the logic (real or fake) and the input from the URL. */
export const DebtContext = createActorContext(debtMachine);

/** The debt-control machine with its actors: real ones from the app's wiring, fakes in tests. */
export const DebtLogicContext = createContext<DebtMachine | null>(null);

/** The provided logic; a page rendered without it is a wiring mistake, reported loudly. */
export function useDebtLogic(): DebtMachine {
  const logic = useContext(DebtLogicContext);
  if (!logic) throw new Error('DebtLogicContext is not provided (src/app/debt.services.ts)');
  return logic;
}
