import { createContext, useContext } from 'react';
import type { ActorSystem } from 'xstate';
import type { BlockRestoreMachine } from '@/machines/block-restore.machine';
import type { DebtMachine } from '@/machines/debt.machine';
import type { ImpersonationMachine } from '@/machines/impersonation.machine';
import type { NotificationsMachine } from '@/machines/notifications.machine';
import type { NumbersMachine } from '@/machines/numbers.machine';
import type { SearchBoxMachine } from '@/machines/search-box.machine';
import type { SessionMachine } from '@/machines/session.machine';
import type { SettingsMachine } from '@/machines/settings.machine';
import type { UserAdminMachine } from '@/machines/user-admin.machine';
import type { UserSearchMachine } from '@/machines/user-search.machine';

/**
 * Every workflow's chart, provided with its actors: real ones from `createAppLogic` (src/app/app-logic.ts), fakes in
 * tests (tests/support/render-workflow.tsx). One field per workflow; a new workflow adds its field here and in
 * `createAppLogic` (docs/new-workflow.md).
 */
export interface WorkflowLogic {
  readonly session: SessionMachine;
  readonly notifications: NotificationsMachine;
  readonly settings: SettingsMachine;
  readonly numbers: NumbersMachine;
  readonly blockRestore: BlockRestoreMachine;
  readonly searchBox: SearchBoxMachine;
  readonly impersonation: ImpersonationMachine;
  readonly userSearch: UserSearchMachine;
  readonly userAdmin: UserAdminMachine;
  readonly debt: DebtMachine;
  /**
   * Connects what is outside every chart to the running actor system (the API client's E009 to the session); returns
   * the disconnect. Called once when the system starts.
   */
  // biome-ignore lint/suspicious/noExplicitAny: the system's actors are of every workflow's type
  readonly connect?: (system: ActorSystem<any>) => () => void;
}

const WorkflowLogicContext = createContext<WorkflowLogic | null>(null);

/** Mounted once by `AppProviders` (src/app/app-providers.tsx); tests mount the same providers. */
export const WorkflowLogicProvider = WorkflowLogicContext.Provider;

/** The provided logic of every workflow. Rendered without `AppProviders`, a view fails loudly. */
export function useWorkflowLogic(): WorkflowLogic {
  const logic = useContext(WorkflowLogicContext);
  if (!logic)
    throw new Error('no workflow logic: mount the view inside AppProviders (src/app/app-providers.tsx)');
  return logic;
}
