import { describe, expect, it } from 'vitest';
import { firstBlankPassword, type PasswordField, type PasswordForm } from '@/domain/password-form.rules';

describe('password-change form (Settings)', () => {
  it.each<[PasswordForm, PasswordField | null]>([
    [{ current: '', password: '', confirm: '' }, 'current'],
    [{ current: '', password: 'new-Pass1', confirm: 'new-Pass1' }, 'current'],
    [{ current: 'old', password: '', confirm: '' }, 'password'],
    [{ current: 'old', password: '', confirm: 'new-Pass1' }, 'password'],
    [{ current: 'old', password: 'new-Pass1', confirm: '' }, 'confirm'],
    [{ current: 'old', password: 'new-Pass1', confirm: 'other' }, null],
    [{ current: 'old', password: 'new-Pass1', confirm: 'new-Pass1' }, null],
    // typed as is: spaces are characters of a password, not blanks
    [{ current: ' ', password: ' ', confirm: ' ' }, null],
  ])('firstBlankPassword(%j) = %s', (form, expected) => {
    expect(firstBlankPassword(form)).toBe(expected);
  });
});
