/**
 * The company's contact data as the Settings page edits it (spec 3 Profile `phone_number`, `feedback_type`,
 * `email_address`): the feedback types, and the check made before saving (the server checks again).
 */
import { isEmail, isTypedPhone } from './validators.rules';

/** How the company wants to be contacted (profile `feedback_type`). The wire schema and the views use this list. */
export const FEEDBACK_TYPES = ['sms', 'email', 'call'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

/** Whether a profile's `feedback_type` is one of ours (the views name only these; others are shown as sent). */
export function isFeedbackType(value: string | null | undefined): value is FeedbackType {
  return (FEEDBACK_TYPES as readonly string[]).includes(value ?? '');
}

/** The contact data form; '' = not filled (feedback type: not chosen). */
export interface ContactValues {
  readonly phone: string;
  readonly feedbackType: FeedbackType | '';
  readonly email: string;
}
export type ContactField = keyof ContactValues;

/**
 * The first contact field that is wrong: a phone that is no typed phone (`validation.phone`, spec 5 'Введите
 * корректный номер телефона'), an e-mail that is no address (`validation.email`); empty fields are fine, except the
 * channel of the chosen way of contact (U21): e-mail needs an address (`validation.emailForFeedback`), SMS and call a
 * phone (`validation.phoneForFeedback`), so clearing both while the company wants e-mail is refused.
 */
export function contactsError(c: ContactValues): { code: string; field: ContactField } | null {
  if (c.phone.trim() !== '' && !isTypedPhone(c.phone)) return { code: 'validation.phone', field: 'phone' };
  if (c.email.trim() !== '' && !isEmail(c.email)) return { code: 'validation.email', field: 'email' };
  if (c.feedbackType === 'email' && c.email.trim() === '')
    return { code: 'validation.emailForFeedback', field: 'email' };
  if ((c.feedbackType === 'sms' || c.feedbackType === 'call') && c.phone.trim() === '')
    return { code: 'validation.phoneForFeedback', field: 'phone' };
  return null;
}
