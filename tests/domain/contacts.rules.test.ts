import { describe, expect, it } from 'vitest';
import { type ContactValues, contactsError, FEEDBACK_TYPES, isFeedbackType } from '@/domain/contacts.rules';

describe('contact data (Settings)', () => {
  it.each<[ContactValues, { code: string; field: string } | null]>([
    [{ phone: '', feedbackType: '', email: '' }, null],
    [{ phone: '+998 90 123-45-67', feedbackType: 'sms', email: 'a@b.uz' }, null],
    [
      { phone: '12345', feedbackType: '', email: '' },
      { code: 'validation.phone', field: 'phone' },
    ],
    [
      { phone: '90123456a', feedbackType: '', email: '' },
      { code: 'validation.phone', field: 'phone' },
    ],
    [
      { phone: '', feedbackType: '', email: 'a@b' },
      { code: 'validation.email', field: 'email' },
    ],
    [
      { phone: '1', feedbackType: 'call', email: 'a@b' },
      { code: 'validation.phone', field: 'phone' },
    ],
    // U21: the chosen way of contact keeps its channel; an emoji address is no address
    [
      { phone: '', feedbackType: 'email', email: '' },
      { code: 'validation.emailForFeedback', field: 'email' },
    ],
    [
      { phone: '', feedbackType: 'sms', email: 'a@b.uz' },
      { code: 'validation.phoneForFeedback', field: 'phone' },
    ],
    [
      { phone: '', feedbackType: 'call', email: '' },
      { code: 'validation.phoneForFeedback', field: 'phone' },
    ],
    [{ phone: '', feedbackType: 'email', email: 'a@b.uz' }, null],
    [
      { phone: '', feedbackType: '', email: 'я😀@b.uz' },
      { code: 'validation.email', field: 'email' },
    ],
  ])('contactsError(%j) = %j', (contacts, expected) => {
    expect(contactsError(contacts)).toEqual(expected);
  });

  it.each([
    ['sms', true],
    ['email', true],
    ['call', true],
    ['fax', false],
    ['', false],
    [null, false],
  ])('isFeedbackType(%j) = %s', (value, expected) => {
    expect(isFeedbackType(value)).toBe(expected);
  });

  it('names the three feedback types of the profile', () => {
    expect(FEEDBACK_TYPES).toEqual(['sms', 'email', 'call']);
  });
});
