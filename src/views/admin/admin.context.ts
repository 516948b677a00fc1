import { createActorContext } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { ImpersonationMachine } from '@/machines/impersonation.machine';
import type { SearchBoxMachine } from '@/machines/search-box.machine';
import { type UserAdminMachine, userAdminMachine } from '@/machines/user-admin.machine';
import { type UserSearchMachine, userSearchMachine } from '@/machines/user-search.machine';

/** The user search actor of an administration page. */
export const UserSearchContext = createActorContext(userSearchMachine);
/** The user creation / editing actor of an administration page. */
export const UserAdminContext = createActorContext(userAdminMachine);

/** The administration area's machines with their actors: real ones from src/app/admin.services.ts, fakes in tests. */
export interface AdminLogic {
  readonly searchBoxLogic: SearchBoxMachine;
  readonly impersonationLogic: ImpersonationMachine;
  readonly userSearchLogic: UserSearchMachine;
  readonly userAdminLogic: UserAdminMachine;
}

/** Set by the app (src/app/admin.services.ts) or by a test around the administration views. */
export const AdminLogicContext = createContext<AdminLogic | null>(null);

/** The provided logic; a page rendered without it is a wiring mistake, reported loudly. */
export function useAdminLogic(): AdminLogic {
  const logic = useContext(AdminLogicContext);
  if (!logic) throw new Error('AdminLogicContext is not provided (src/app/admin.services.ts)');
  return logic;
}
