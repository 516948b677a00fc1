import { describe, expect, it } from 'vitest';
import {
  initialLang,
  intlLocale,
  LOCALE_STORAGE_KEY,
  langFromPath,
  rememberLocale,
  storedLocale,
  swapLang,
} from '@/i18n/locale';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => {
      data.set(k, v);
    },
  };
}

const throwing = {
  getItem: (): string | null => {
    throw new Error('SecurityError');
  },
  setItem: (): void => {
    throw new Error('QuotaExceededError');
  },
};

describe('langFromPath', () => {
  it.each([
    ['/ru', 'ru'],
    ['/uz', 'uz'],
    ['/ru/', 'ru'],
    ['/uz/profile', 'uz'],
    ['/ru/orders/7?x=1#top', 'ru'],
    ['/uz?r=abc', 'uz'],
    ['ru/login', 'ru'],
    ['/', null],
    ['', null],
    ['/en/login', null],
    ['/RU/login', null],
    ['/rus/login', null],
    ['/profile/ru', null],
    ['//ru', null],
  ])('%j → %j', (path, lang) => {
    expect(langFromPath(path)).toBe(lang);
  });
});

describe('storedLocale / rememberLocale', () => {
  it(`reads the '${LOCALE_STORAGE_KEY}' key`, () => {
    expect(LOCALE_STORAGE_KEY).toBe('locale');
    expect(storedLocale(memoryStorage({ locale: 'uz' }))).toBe('uz');
    expect(storedLocale(memoryStorage({ locale: 'ru' }))).toBe('ru');
  });

  it("defaults to 'ru' when missing, invalid, absent or throwing", () => {
    expect(storedLocale(memoryStorage())).toBe('ru');
    expect(storedLocale(memoryStorage({ locale: 'en' }))).toBe('ru');
    expect(storedLocale(memoryStorage({ locale: 'UZ' }))).toBe('ru');
    expect(storedLocale(null)).toBe('ru');
    expect(storedLocale(throwing)).toBe('ru');
    // under vitest's node environment there is no localStorage at all
    expect(storedLocale()).toBe('ru');
  });

  it('remembers and reads back', () => {
    const storage = memoryStorage();
    rememberLocale('uz', storage);
    expect(storage.data.get('locale')).toBe('uz');
    expect(storedLocale(storage)).toBe('uz');
    rememberLocale('ru', storage);
    expect(storedLocale(storage)).toBe('ru');
  });

  it('tolerates an absent or throwing storage', () => {
    expect(() => rememberLocale('uz', null)).not.toThrow();
    expect(() => rememberLocale('uz', throwing)).not.toThrow();
    expect(() => rememberLocale('uz')).not.toThrow();
  });
});

describe('swapLang', () => {
  it.each([
    ['/ru/profile', 'uz', '/uz/profile'],
    ['/uz/orders/15', 'ru', '/ru/orders/15'],
    ['/ru', 'uz', '/uz'],
    ['/ru/', 'uz', '/uz/'],
    ['/uz/profile', 'uz', '/uz/profile'],
    ['/', 'uz', '/uz'],
    ['', 'ru', '/ru'],
    ['/profile', 'uz', '/uz/profile'],
    ['/en/login', 'ru', '/ru/en/login'],
    ['/ru/restore?r=tok#x', 'uz', '/uz/restore?r=tok#x'],
    ['/ru/administration/edit-user/ru', 'uz', '/uz/administration/edit-user/ru'],
  ] as const)('%j to %s → %j', (path, lang, expected) => {
    expect(swapLang(path, lang)).toBe(expected);
  });

  it('round-trips', () => {
    expect(swapLang(swapLang('/ru/services/checkout', 'uz'), 'ru')).toBe('/ru/services/checkout');
  });
});

describe('initialLang and intlLocale', () => {
  it('prefers the path, then the stored locale, then ru', () => {
    expect(initialLang('/uz/login', memoryStorage({ locale: 'ru' }))).toBe('uz');
    expect(initialLang('/', memoryStorage({ locale: 'uz' }))).toBe('uz');
    expect(initialLang(undefined, memoryStorage({ locale: 'uz' }))).toBe('uz');
    expect(initialLang('/x', null)).toBe('ru');
  });

  it('maps to Intl locales', () => {
    expect(intlLocale('ru')).toBe('ru-RU');
    expect(intlLocale('uz')).toBe('uz-Latn-UZ');
  });
});
