import { z } from 'zod/mini';
import { FEEDBACK_TYPES } from '@/domain/contacts.rules';
import { defineEndpoint } from './endpoint';
import { noResult } from './fields.contract';

/**
 * Settings page calls that spec 7 does not list. Spec 3 Profile has `phone_number`, `feedback_type` and
 * `email_address`, and the Settings page edits them (contact data); the call is ours: POST profile/contacts.
 */

/** How the company wants to be contacted. */
export const feedbackTypeSchema = z.enum(FEEDBACK_TYPES);
export type FeedbackTypeWire = z.infer<typeof feedbackTypeSchema>;

/**
 * POST profile/contacts body: the contact data of the profile in view. Empty strings clear a field; `feedback_type`
 * null = not chosen. The phone is free text of digits and `+ ( ) -` with 9 to 12 digits.
 */
export const contactsBody = z.object({
  phone_number: z.string().check(
    z.maxLength(32),
    z.regex(/^[\d\s+()-]*$/),
    z.refine((s) => {
      const digits = s.replace(/\D/g, '').length;
      return s.trim() === '' || (digits >= 9 && digits <= 12);
    }, 'phone: 9 to 12 digits'),
  ),
  feedback_type: z.nullable(feedbackTypeSchema),
  email_address: z.union([z.literal(''), z.email().check(z.maxLength(254))]),
});
export type ContactsBody = z.infer<typeof contactsBody>;

/** The Settings calls, spread into the endpoint table (src/services/contract/endpoints.ts). */
export const settingsEndpoints = {
  'settings.contacts': defineEndpoint({
    method: 'POST',
    path: 'profile/contacts',
    body: contactsBody,
    result: noResult,
    auth: 'session',
    summary: 'save the contact data (phone, feedback type, email) of the profile in view',
  }),
} as const;
