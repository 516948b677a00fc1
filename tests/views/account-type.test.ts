import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { accountTypeLabel } from '@/views/profile/account-type';

describe('account types are named, with the code for staff', () => {
  it.each([
    ['ru', 5, 'Корпоративный с бюджетом (тип 5)'],
    ['ru', 15, 'Корпоративный с бюджетом (тип 15)'],
    ['ru', 40, 'Корпоративный с бюджетом (тип 40)'],
    ['ru', 16, 'Корпоративный, постоплата (тип 16)'],
    ['ru', 20, 'Корпоративный без ЭЦП (тип 20)'],
    ['ru', 7, 'Тип 7'],
    ['ru', null, '—'],
    ['uz', 5, 'Byudjetli korporativ (5-tur)'],
    ['uz', 7, '7-tur'],
  ] as const)('%s %s → %s', async (lang, at, expected) => {
    await i18n.changeLanguage(lang);
    expect(accountTypeLabel(i18n.t, at)).toBe(expected);
    await i18n.changeLanguage('ru');
  });
});
