import { describe, expect, it } from 'vitest';
import { formatPhone, smsAddress } from '@/domain/phone.rules';

describe('formatPhone: one format for every number the portal shows', () => {
  it.each([
    ['901234567', '+998 90 123 45 67'],
    ['8901234567', '+998 90 123 45 67'],
    ['998901234567', '+998 90 123 45 67'],
    ['+998 (90) 123-45-67', '+998 90 123 45 67'],
    ['900002246', '+998 90 000 22 46'],
    ['12345', '12345'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
  it('shows nothing for a missing number', () => {
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
  });
});

describe('smsAddress: the country code and nine digits, from every form formatPhone reads', () => {
  it.each([
    ['901234567', '998901234567'],
    ['8901234567', '998901234567'],
    ['998901234567', '998901234567'],
    ['+998 (90) 123-45-67', '998901234567'],
    ['12345', '12345'],
    ['user@example.uz', 'user@example.uz'],
  ])('%j → %j', (input, expected) => {
    expect(smsAddress(input)).toBe(expected);
  });
});
