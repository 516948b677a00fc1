import type { SnapshotFrom } from 'xstate';
import { AUTH_PAGES, type AuthPage } from '@/domain/routes.rules';
import type { AuthError, AuthFlowMachine, AuthNotice } from './auth-flow.machine';
import { statePathOf } from './state-path';

/** A snapshot of the Auth flow. */
export type AuthFlowSnapshot = SnapshotFrom<AuthFlowMachine>;

/** Dotted path of the active leaf, e.g. `login.submitting` (`data-state` of the Auth page). */
export const selectAuthStatePath = (s: AuthFlowSnapshot): string => statePathOf(s.value);

/** The Auth page the flow is on (null once it has ended). */
export function selectAuthPage(s: AuthFlowSnapshot): AuthPage | null {
  const top = typeof s.value === 'string' ? s.value : Object.keys(s.value)[0];
  return (AUTH_PAGES as readonly string[]).includes(top ?? '') ? (top as AuthPage) : null;
}

/** A call runs: the form's buttons are disabled (no double submit). */
export const selectAuthIsBusy = (s: AuthFlowSnapshot): boolean => s.hasTag('busy');
/** The error shown on the form (code + field), or null. */
export const selectAuthError = (s: AuthFlowSnapshot): AuthError | null => s.context.error;
/** The success notice shown on the form ('codeSent'), or null. */
export const selectAuthNotice = (s: AuthFlowSnapshot): AuthNotice | null => s.context.notice;
/** The registering phone, prefilled on the SMS-code step. */
export const selectAuthPhone = (s: AuthFlowSnapshot): string | null => s.context.phone;
/** The recovery link was sent. */
export const selectIsRestoreLinkSent = (s: AuthFlowSnapshot): boolean => s.matches({ forgot: 'sent' });
/** The new password was set from the recovery link. */
/** RL1: the link was refused on opening (used, expired, unknown): no password form. */
export const selectIsLinkRefused = (s: AuthFlowSnapshot): boolean => s.matches({ restore: 'linkRefused' });
export const selectIsPasswordRestored = (s: AuthFlowSnapshot): boolean => s.matches({ restore: 'restored' });
/** Seconds until a new SMS code may be asked for (E138's countdown), 0 when the resend button is enabled. */
export const selectResendWait = (s: AuthFlowSnapshot): number => s.context.resendWait;
/** Seconds until a new recovery link may be asked for (E138's countdown on the forgot page), 0 when it may. */
export const selectLinkWait = (s: AuthFlowSnapshot): number => s.context.linkWait;
