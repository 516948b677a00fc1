import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type EimzoError,
  EimzoFailure,
  eimzoErrorKey,
  errorFromReply,
  isEimzoFailure,
} from '@/services/eimzo/eimzo-errors';

const cases: [EimzoError, string][] = [
  [{ kind: 'noWebsocket' }, 'eimzo.noWebsocket'],
  [{ kind: 'connection', mobile: false }, 'eimzo.connection'],
  [{ kind: 'connection', mobile: true }, 'eimzo.connectionMobile'],
  [{ kind: 'oldVersion', installed: 439 }, 'eimzo.oldVersion'],
  [{ kind: 'noCertificates' }, 'eimzo.noCertificates'],
  [{ kind: 'noMatchingKey' }, 'eimzo.noMatchingKey'],
  [{ kind: 'badPassword' }, 'eimzo.badPassword'],
  [{ kind: 'cancelled' }, 'eimzo.cancelled'],
  [{ kind: 'keyNotFound' }, 'eimzo.keyNotFound'],
  [{ kind: 'apiKey', status: -1022 }, 'eimzo.domainNotAllowed'],
  [{ kind: 'generic', status: 0 }, 'eimzo.generic'],
];

describe('eimzoErrorKey', () => {
  it.each(cases)('%j → %s', (error, key) => {
    expect(eimzoErrorKey(error)).toBe(key);
  });

  it('names only keys that exist in both catalogues', () => {
    for (const lang of ['ru', 'uz']) {
      const catalogue = JSON.parse(
        readFileSync(new URL(`../../src/i18n/${lang}.json`, import.meta.url), 'utf8'),
      ) as {
        eimzo?: Record<string, string>;
      };
      for (const [, key] of cases) {
        expect(catalogue.eimzo?.[key.replace('eimzo.', '')], `${lang} ${key}`).toEqual(expect.any(String));
      }
    }
  });
});

describe('errorFromReply', () => {
  it.each([
    [-5000, 'Ввод пароля отменен', { kind: 'cancelled' }],
    [-1010, 'Ключ по идентификатору не найден', { kind: 'keyNotFound' }],
    [-1020, 'x', { kind: 'apiKey', status: -1020 }],
    [-1021, 'x', { kind: 'apiKey', status: -1021 }],
    [-1022, 'x', { kind: 'apiKey', status: -1022 }],
    [-2002, 'x', { kind: 'generic', status: -2002, reason: 'x' }],
    [
      undefined,
      'javax.crypto.BadPaddingException: Given final block not properly padded',
      { kind: 'badPassword' },
    ],
    [-1, 'BadPaddingException', { kind: 'badPassword' }],
    [undefined, undefined, { kind: 'generic' }],
  ] as const)('status %s, reason %s', (status, reason, expected) => {
    expect(errorFromReply(status, reason)).toEqual(expected);
  });

  it('maps status 0 "function not found" to generic with the reason', () => {
    const reason = 'Функция не найдена или версия E-IMZO устарела. Обновите E-IMZO.';
    const error = errorFromReply(0, reason);
    expect(error).toEqual({ kind: 'generic', status: 0, reason });
    expect(eimzoErrorKey(error)).toBe('eimzo.generic');
  });
});

describe('EimzoFailure', () => {
  it('carries the typed error and a stable, untranslated message', () => {
    const f = new EimzoFailure({ kind: 'badPassword' });
    expect(f).toBeInstanceOf(Error);
    expect(f.message).toBe('eimzo:badPassword');
    expect(isEimzoFailure(f)).toBe(true);
    expect(isEimzoFailure(new Error('eimzo:badPassword'))).toBe(false);
    expect(isEimzoFailure({ name: 'EimzoFailure', error: { kind: 'cancelled' } })).toBe(true);
  });
});
