import type { SnapshotFrom } from 'xstate';
import type { Profile, User } from '@/services/contract/session.contract';
import type { ImpersonationMachine, ViewedClient } from './impersonation.machine';
import { statePathOf } from './state-path';

/** A snapshot of the impersonation chart. */
export type ImpersonationSnapshot = SnapshotFrom<ImpersonationMachine>;

export const selectImpersonationStatePath = (s: ImpersonationSnapshot): string => statePathOf(s.value);
/** The client shown while impersonating (the banner stays up while going back or while an error is shown). */
export const selectViewedClient = (s: ImpersonationSnapshot): ViewedClient | null => s.context.client;
/** Choosing or going back runs: the loading overlay shows. */
export const selectImpersonationBusy = (s: ImpersonationSnapshot): boolean => s.hasTag('busy');
/** Going back runs: the banner's back button is disabled. */
export const selectIsReturning = (s: ImpersonationSnapshot): boolean => s.matches('returning');
/** The code shown in the 'Ошибка!' dialog while it is open. */
export const selectImpersonationFailure = (s: ImpersonationSnapshot): string | null =>
  s.matches('failed') ? (s.context.errorCode ?? 'unknown') : null;

/**
 * Whom the session is viewing, read from the server's user (spec 3 `backToHeadBan`: set while an administration user
 * views a client account, with the way back to `headBan`): the client, or null when the flag is cleared. `ban` is the
 * viewed BAN, the profile tells the number and the company.
 */
export function viewedClientOf(user: User | null, profile: Profile | null): ViewedClient | null {
  if (user?.backToHeadBan !== true) return null;
  const shown = profile ?? user.profile ?? null;
  return {
    ban: user.ban ?? shown?.ban ?? null,
    sn: shown?.sn ?? null,
    name: shown?.company_name ?? null,
    actor: user.user_name,
  };
}

/** Same client? (the session bridge sends `session.synced` only when this changes) */
export function sameClient(a: ViewedClient | null, b: ViewedClient | null): boolean {
  if (a === null || b === null) return a === b;
  return a.ban === b.ban && a.sn === b.sn && a.name === b.name && a.actor === b.actor;
}
