import type { SnapshotFrom } from 'xstate';
import type { RegistrationForm } from '@/domain/preorder.rules';
import type { NewClientContext, NewClientMachine } from './new-client.machine';
import type { PreRegistrationMachine } from './pre-registration.machine';
import { statePathOf } from './state-path';

/** Everything the wizard's views read. */
export type NewClientSnapshot = SnapshotFrom<NewClientMachine>;

export const selectNewClientState = (s: NewClientSnapshot): string => statePathOf(s.value);
export const selectForm = (s: NewClientSnapshot): RegistrationForm => s.context.form;
export const selectCities = (s: NewClientSnapshot): NewClientContext['cities'] => s.context.cities;
export const selectAgents = (s: NewClientSnapshot): NewClientContext['agents'] => s.context.agents;
export const selectKeys = (s: NewClientSnapshot): NewClientContext['keys'] => s.context.keys;
export const selectKeyError = (s: NewClientSnapshot): string | null => s.context.keyError;
export const selectFormError = (s: NewClientSnapshot): string | null => s.context.errorCode;
export const selectRestored = (s: NewClientSnapshot): boolean => s.context.restored;
/** A reload on step two came back there (NC26). */
export const selectResumed = (s: NewClientSnapshot): boolean => s.context.resumed;
/** 'Далее' waits for the login check (the button is busy). */
export const selectNextPending = (s: NewClientSnapshot): boolean => s.context.nextPending;
export const selectProved = (s: NewClientSnapshot): NewClientContext['proved'] => s.context.proved;
export const selectCatalogue = (s: NewClientSnapshot): NewClientContext['catalogue'] => s.context.catalogue;
export const selectCreated = (s: NewClientSnapshot): NewClientContext['created'] => s.context.created;

/** Which screen: the start load, step one, step two, or the success. */
export type WizardPhase = 'loading' | 'loadFailed' | 'legal' | 'confirm' | 'registered';
export const selectPhase = (s: NewClientSnapshot): WizardPhase => {
  if (s.matches('loading')) return 'loading';
  if (s.matches('loadFailed')) return 'loadFailed';
  if (s.matches('legal')) return 'legal';
  if (s.matches('confirm')) return 'confirm';
  return 'registered';
};

/** Step one's key area: editing, listing, the list dialog, proving, or a known company. */
export type KeyStep = 'editing' | 'listingKeys' | 'choosingKey' | 'proving' | 'known';
export const selectKeyStep = (s: NewClientSnapshot): KeyStep | null =>
  s.matches('legal') ? ((s.value as { legal: { form: KeyStep } }).legal.form ?? null) : null;

/** The login's message: Latin-only or taken (an error), free, checking, or nothing. */
export type LoginStatus = 'checking' | 'free' | 'error' | 'none';
export const selectLoginStatus = (s: NewClientSnapshot): LoginStatus => {
  if (s.matches({ legal: { login: 'checking' } })) return 'checking';
  if (s.context.loginError) return 'error';
  const c = s.context.loginCheck;
  return c && c.login === s.context.form.login && c.free ? 'free' : 'none';
};
export const selectLoginError = (s: NewClientSnapshot): string | null => s.context.loginError;

/** Step two: the catalogue loads, failed, is ready, or the pre-registration runs. */
export type ConfirmStep = 'loadingCatalogue' | 'catalogueFailed' | 'ready' | 'registering';
export const selectConfirmStep = (s: NewClientSnapshot): ConfirmStep | null =>
  s.matches('confirm') ? (s.value as { confirm: ConfirmStep }).confirm : null;

/** The running pre-registration child, while step two registers. */
export const selectPreRegistration = (s: NewClientSnapshot) =>
  s.children.preRegistration as import('xstate').ActorRefFrom<PreRegistrationMachine> | undefined;

/** What the wizard's frame renders (decisions AR18): read by `useWorkflow` in one selector. */
export const connectNewClientPage = (s: NewClientSnapshot) => ({
  phase: selectPhase(s),
  state: selectNewClientState(s),
  error: selectFormError(s),
});

/** What step one's form renders around its fields. */
export const connectStepOne = (s: NewClientSnapshot) => ({
  form: selectForm(s),
  error: selectFormError(s),
  restored: selectRestored(s),
  nextPending: selectNextPending(s),
  agents: selectAgents(s),
});

/** What step one's city and key area renders. */
export const connectCityAndKey = (s: NewClientSnapshot) => ({
  form: selectForm(s),
  cities: selectCities(s),
  step: selectKeyStep(s),
  keyError: selectKeyError(s),
  keys: selectKeys(s),
  proved: selectProved(s),
});

/** What step one's login field renders. */
export const connectLoginField = (s: NewClientSnapshot) => ({
  form: selectForm(s),
  status: selectLoginStatus(s),
  loginError: selectLoginError(s),
});

/** What step two renders. */
export const connectStepTwo = (s: NewClientSnapshot) => ({
  step: selectConfirmStep(s),
  catalogue: selectCatalogue(s),
  form: selectForm(s),
  error: selectFormError(s),
  cities: selectCities(s),
  child: selectPreRegistration(s),
  resumed: selectResumed(s),
});

/** What the success renders. */
export const connectRegistered = (s: NewClientSnapshot) => ({
  created: selectCreated(s),
  form: selectForm(s),
});
