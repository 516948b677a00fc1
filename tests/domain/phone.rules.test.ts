import { describe, expect, it } from 'vitest';
import { formatPhone, phonesAsWords, phoneWord, smsAddress } from '@/domain/phone.rules';

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

describe('phoneWord: the same number as one word, so that a line never breaks inside it', () => {
  const NBSP = '\u00a0';
  it.each([
    ['901234567', ['+998', '90', '123', '45', '67'].join(NBSP)],
    ['998900002246', ['+998', '90', '000', '22', '46'].join(NBSP)],
    ['12345', '12345'],
    [null, ''],
  ])('%j → %j', (input, expected) => {
    expect(phoneWord(input)).toBe(expected);
  });
  it('reads the same digits as formatPhone, with no breakable space left', () => {
    const shown = phoneWord('8901234567');
    expect(shown).not.toMatch(/ /);
    expect(shown.replace(/\u00a0/g, ' ')).toBe(formatPhone('8901234567'));
  });
});

describe('phonesAsWords: a text that quotes numbers keeps each one whole', () => {
  const NBSP = '\u00a0';
  it('joins each number of the portal format, and nothing else', () => {
    expect(phonesAsWords('Номера: +998 90 111 22 33, +998 90 111 44 55 — 2 шт.')).toBe(
      `Номера: +998${NBSP}90${NBSP}111${NBSP}22${NBSP}33, +998${NBSP}90${NBSP}111${NBSP}44${NBSP}55 — 2 шт.`,
    );
    expect(phonesAsWords('Счёт 100783350 от 01.12.2026, 12 500 сум')).toBe(
      'Счёт 100783350 от 01.12.2026, 12 500 сум',
    );
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
