import type { SnapshotFrom } from 'xstate';
import { formatPhone } from '@/domain/phone.rules';
import type { Profile, User } from '@/services/contract/session.contract';
import { draftKey } from '@/services/drafts/draft-store';
import {
  type ContactField,
  type ContactValues,
  FEEDBACK_TYPES,
  type FeedbackType,
  type PasswordField,
  type SettingsError,
  type SettingsInput,
  type SettingsMachine,
} from './settings.machine';
import { statePathOf } from './state-path';

/** The contact data the profile holds now. */
export function contactsOf(profile: Profile | null): ContactValues {
  const feedback = profile?.feedback_type ?? '';
  return {
    // one way to read a phone (`+998 71 283 06 69`), here too: the field once showed '998712830669'
    phone: formatPhone(profile?.phone_number ?? ''),
    email: profile?.email_address ?? '',
    feedbackType: (FEEDBACK_TYPES as readonly string[]).includes(feedback) ? (feedback as FeedbackType) : '',
  };
}

/** The Settings chart's input for the signed-in user: the profile's contact data and where its draft is kept. */
export function settingsInputOf(user: User, profile: Profile | null): SettingsInput {
  return {
    contacts: contactsOf(profile),
    draftKey: draftKey({ user: user.user_name, path: '/settings', form: 'contacts' }),
  };
}

/** A snapshot of the Settings machine. */
export type SettingsSnapshot = SnapshotFrom<SettingsMachine>;

/** Dotted paths of both regions, e.g. `password.editing contacts.saved` (`data-state` of the Settings page). */
export const selectSettingsStatePath = (s: SettingsSnapshot): string => statePathOf(s.value);
/** The password form's error (code + field), or null. */
export const selectPasswordError = (s: SettingsSnapshot): SettingsError<PasswordField> | null =>
  s.context.passwordError;
/** POST user/change-password runs. */
export const selectPasswordBusy = (s: SettingsSnapshot): boolean => s.hasTag('passwordBusy');
/** The password was changed. */
export const selectPasswordChanged = (s: SettingsSnapshot): boolean => s.matches({ password: 'changed' });
/** The contact form's values (restored from a draft when there was one). */
export const selectContacts = (s: SettingsSnapshot): ContactValues => s.context.contacts;
/** The contact form's error (code + field), or null. */
export const selectContactsError = (s: SettingsSnapshot): SettingsError<ContactField> | null =>
  s.context.contactsError;
/** The contact form cannot be used yet (draft being read) or is being saved. */
export const selectContactsBusy = (s: SettingsSnapshot): boolean =>
  s.hasTag('contactsBusy') || s.matches({ contacts: 'restoring' });
/** The contact data was saved. */
export const selectContactsSaved = (s: SettingsSnapshot): boolean => s.matches({ contacts: 'saved' });

/** What the Settings page's frame renders (its `data-state`; decisions AR18): read by `useWorkflow` in one selector. */
export const connectSettingsPage = (s: SettingsSnapshot) => ({
  statePath: selectSettingsStatePath(s),
});

/** What the password form renders. */
export const connectPasswordForm = (s: SettingsSnapshot) => ({
  busy: selectPasswordBusy(s),
  changed: selectPasswordChanged(s),
  error: selectPasswordError(s),
});

/** What the contact data form renders. */
export const connectContactsForm = (s: SettingsSnapshot) => ({
  contacts: selectContacts(s),
  busy: selectContactsBusy(s),
  saved: selectContactsSaved(s),
  error: selectContactsError(s),
});
