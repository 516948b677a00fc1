// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { currentLang, i18n, messageLoaders, setLanguage } from '@/i18n/i18n';
import { isTranslationKey } from '@/i18n/keys';
import ru from '@/i18n/ru.json';
import uz from '@/i18n/uz.json';

afterEach(async () => {
  await setLanguage('ru');
});

describe('i18n instance', () => {
  it('writes a count in a text as spec 9 does in both languages, whatever the locale data says', async () => {
    const nbsp = '\u00A0';
    expect(i18n.t('numbers.total', { count: 1202 })).toBe(`Всего 1${nbsp}202 номера`);
    await setLanguage('uz');
    expect(i18n.t('numbers.total', { count: 1202 })).toBe(`Jami 1${nbsp}202 ta raqam`);
    // the `number` format ignores the language's own grouping (en would write 1,202)
    expect(i18n.t('numbers.total', { count: 12000, lng: 'en' })).not.toContain('12,000');
  });

  it('groups every count a text carries (spec 9: 9 553)', async () => {
    const nbsp = '\u00A0';
    // the block result once said 'Ещё номеров: 9553' beside '9 603'
    expect(i18n.t('blockRestore.moreNumbers', { total: 9553 })).toBe(`Ещё номеров: 9${nbsp}553`);
    expect(i18n.t('ux.list.selected', { n: 12000 })).toBe(`Выбрано номеров: 12${nbsp}000`);
    expect(i18n.t('common.pagination.page', { page: 2, pages: 1240 })).toBe(`Страница 2 из 1${nbsp}240`);
    await setLanguage('uz');
    expect(i18n.t('blockRestore.moreNumbers', { total: 9553 })).toContain(`9${nbsp}553`);
    // an id, a BAN, a year or a sum the caller formatted is written as given
    await setLanguage('ru');
    expect(i18n.t('at39.commentsAria', { id: 10234, n: 1500 })).toBe(
      `Комментарии к регистрации № 10234: 1${nbsp}500`,
    );
    expect(i18n.t('blockRestore.moreNumbers', { total: '9553' })).toBe('Ещё номеров: 9553');
  });

  it.each([
    ['ru', ru],
    ['uz', uz],
  ] as const)('writes every count-named placeholder of %s with the number format', (_lang, messages) => {
    // a placeholder named as a count ({{count}}, {{total}}, {{n}}, …) without `, number` would read 9553
    const bare = JSON.stringify(messages).match(
      /\{\{ *(?:count|total|n|page|pages|max|covers|done|accepted|failed|minutes) *\}\}/g,
    );
    expect(bare).toBeNull();
    expect(JSON.stringify(messages)).toContain('{{count, number}}');
  });

  it('starts in Russian, with one message loader per language', () => {
    expect(i18n.isInitialized).toBe(true);
    expect(currentLang()).toBe('ru');
    expect(i18n.t('app.loading')).toBe('Подождите');
    expect(Object.keys(messageLoaders)).toEqual(['ru', 'uz']);
  });

  it('loads each language from its own chunk', async () => {
    expect(JSON.stringify(await messageLoaders.uz())).toContain('"title":"Shaxsiy kabinetga kirish"');
    expect(JSON.stringify(await messageLoaders.ru())).toContain('"title":"Вход в личный кабинет"');
    expect(JSON.stringify(await messageLoaders.ru())).not.toContain('Shaxsiy');
  });

  it('switches language with setLanguage and keeps <html lang> in step', async () => {
    await setLanguage('uz');
    expect(currentLang()).toBe('uz');
    expect(i18n.t('header.langName.uz')).toBe('Oʻzbekcha');
    expect(i18n.t('nav.settings')).toBe('Sozlamalar');
    expect(document.documentElement.lang).toBe('uz');
    await setLanguage('ru');
    expect(i18n.t('nav.settings')).toBe('Настройки');
    expect(document.documentElement.lang).toBe('ru');
  });

  it('interpolates without HTML escaping', () => {
    expect(i18n.t('impersonation.banner', { client: 'ООО <Альфа>', user: 'admin' })).toBe(
      'Вы просматриваете аккаунт ООО <Альфа> как admin',
    );
  });

  it('uses ru plural forms one/few/many and uz one/other', async () => {
    expect(i18n.t('numbers.total', { count: 1 })).toBe('Всего 1 номер');
    expect(i18n.t('numbers.total', { count: 3 })).toBe('Всего 3 номера');
    expect(i18n.t('numbers.total', { count: 11 })).toBe('Всего 11 номеров');
    await setLanguage('uz');
    expect(i18n.t('numbers.total', { count: 5 })).toBe('Jami 5 ta raqam');
  });

  it('has typed keys: an unknown key does not compile and is not a key at runtime', () => {
    // @ts-expect-error 'nav.bad' is not a key of ru.json
    const missing: string = i18n.t('nav.bad');
    expect(missing).toBe('nav.bad');
    expect(isTranslationKey('nav.bad')).toBe(false);
    expect(isTranslationKey('nav.profile')).toBe(true);
    expect(isTranslationKey('numbers.total')).toBe(true);
  });
});
