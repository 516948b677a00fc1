import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@/domain/errors';
import { i18n } from '@/i18n/i18n';
import { flattenMessages } from '@/i18n/keys';
import { errorMessageKey, formatErrorMessage } from '@/i18n/messages';
import ruJson from '@/i18n/ru.json';
import uzJson from '@/i18n/uz.json';

const ru = flattenMessages(ruJson);
const uz = flattenMessages(uzJson);
const tRu = i18n.getFixedT('ru');
const tUz = i18n.getFixedT('uz');

describe('errorMessageKey', () => {
  it.each([...ERROR_CODES])('maps catalogue code %s to errors.<code>', (code) => {
    expect(errorMessageKey(code)).toEqual({ key: `errors.${code}`, known: true });
  });

  it.each([
    ['http.400', 'errors.http400'],
    ['400', 'errors.http400'],
    ['http.404', 'errors.http400'],
    ['http.500', 'errors.http500'],
    ['500', 'errors.http500'],
    ['http.503', 'errors.http500'],
    ['contract', 'errors.contract'],
    ['contract.mismatch', 'errors.contract'],
    ['network', 'errors.network'],
    ['validation.latinOnly', 'validation.latinOnly'],
    ['eimzo.badPassword', 'eimzo.badPassword'],
    ['blockRestore.alreadyInProcess', 'blockRestore.alreadyInProcess'],
  ])('maps %s to %s', (code, key) => {
    expect(errorMessageKey(code)).toEqual({ key, known: true });
  });

  it.each(['E999', 'e012', 'unknown', '', 'OKOK', 'http.302', 'eimzo.nope', 'nav.profile', 'errors.E012x'])(
    'reports %j as unknown',
    (code) => {
      expect(errorMessageKey(code)).toEqual({ key: 'errors.unknown', known: false });
    },
  );
});

describe('formatErrorMessage', () => {
  it('shows the mapped text of a known code, in the requested language', () => {
    expect(formatErrorMessage(tRu, 'E012')).toBe(ru['errors.E012']);
    expect(formatErrorMessage(tUz, 'E012')).toBe(uz['errors.E012']);
    expect(formatErrorMessage(tRu, 'E030', 'ignored', { context: 'notification' })).toBe(
      'Ошибка при получении данных. Пожалуйста, повторите попытку позже.',
    );
  });

  it('ignores the description of known codes other than E108', () => {
    expect(formatErrorMessage(tRu, 'E012', 'Bad credentials')).toBe(ru['errors.E012']);
  });

  it('falls back to E001 for an unknown code in a dialog (default context)', () => {
    expect(formatErrorMessage(tRu, 'E777', 'something')).toBe(ru['errors.E001']);
    expect(formatErrorMessage(tRu, 'E777', undefined, { context: 'dialog' })).toBe(ru['errors.E001']);
    expect(formatErrorMessage(tUz, 'unknown')).toBe(uz['errors.E001']);
  });

  it('shows the E001 text, never the bare key, for a known code whose text is not loaded yet', () => {
    // the login page holds the texts of its own calls' codes; E118 (a file upload's) comes with the `more` part
    const notYet = ((key: string, opts?: object) =>
      key === 'errors.E118' ? key : tRu(key as never, opts as never)) as unknown as typeof tRu;
    expect(formatErrorMessage(notYet, 'E118')).toBe(ru['errors.E001']);
    expect(formatErrorMessage(notYet, 'E012')).toBe(ru['errors.E012']);
    expect(formatErrorMessage(tRu, 'E118')).toBe(ru['errors.E118']);
  });

  it("shows 'нет такой ошибки' plus the description for an unknown code in a notification", () => {
    expect(formatErrorMessage(tRu, 'E777', 'Billing timeout', { context: 'notification' })).toBe(
      'нет такой ошибки: Billing timeout',
    );
    expect(formatErrorMessage(tRu, 'E777', null, { context: 'notification' })).toBe('нет такой ошибки');
    expect(formatErrorMessage(tRu, 'E777', '   ', { context: 'notification' })).toBe('нет такой ошибки');
    expect(formatErrorMessage(tUz, 'E777', 'x', { context: 'notification' })).toBe('bunday xatolik yoʻq: x');
  });

  it('appends the parameter description to E108, separated by a space', () => {
    expect(formatErrorMessage(tRu, 'E108', ' pageSize ')).toBe(`${ru['errors.E108']} pageSize`);
    expect(formatErrorMessage(tUz, 'E108', 'ban', { context: 'notification' })).toBe(
      `${uz['errors.E108']} ban`,
    );
    expect(formatErrorMessage(tRu, 'E108')).toBe(ru['errors.E108']);
  });

  it('maps HTTP 400/500 and a contract break', () => {
    expect(formatErrorMessage(tRu, 'http.400')).toBe('Неверный запрос');
    expect(formatErrorMessage(tRu, 'http.500')).toBe('Ошибка сервера, пожалуйста попробуйте позже');
    expect(formatErrorMessage(tRu, 'contract')).toBe(ru['errors.E001']);
    expect(formatErrorMessage(tUz, 'network')).toBe(uz['errors.network']);
  });

  it('fills {{description}} of key codes and shows validation codes', () => {
    expect(formatErrorMessage(tRu, 'blockRestore.blockFailed', 'нет средств')).toBe(
      'Активация услуги неуспешна. Причина - нет средств',
    );
    expect(formatErrorMessage(tRu, 'validation.latinOnly')).toBe('ввод должен быть исключительно латиницей');
    expect(formatErrorMessage(tUz, 'eimzo.badPassword')).toBe('Parol notoʻgʻri.');
  });

  it('does not HTML-escape descriptions (React escapes at render time)', () => {
    expect(formatErrorMessage(tRu, 'E108', '<b>&x</b>')).toBe(`${ru['errors.E108']} <b>&x</b>`);
  });
});
