import { describe, expect, it } from 'vitest';
import { flattenMessages } from '@/i18n/keys';
import ruJson from '@/i18n/ru.json';
import uzJson from '@/i18n/uz.json';

const ru = flattenMessages(ruJson);
const uz = flattenMessages(uzJson);

/** Russian texts the spec (sections 2, 4, 5, 8) and the brief quote, character for character. */
const SPEC_TEXTS: ReadonlyArray<readonly [key: string, text: string]> = [
  ['app.loading', 'Подождите'],
  ['header.logoutConfirm', 'Вы действительно хотите выйти?'],
  ['header.becomeClient', 'Стать корпоративным клиентом'],
  ['header.langName.ru', 'Русский'],
  ['header.langName.uz', 'Oʻzbekcha'],
  ['auth.rolePicker.title', 'Выберите роль для входа'],
  ['auth.login.login', 'Логин'],
  ['auth.login.password', 'Пароль'],
  ['auth.login.submit', 'Войти'],
  ['auth.register.success', 'Регистрация прошла успешно'],
  ['newClient.success', 'Регистрация прошла успешно'],
  ['errors.dialogTitle', 'Ошибка!'],
  ['errors.http500', 'Ошибка сервера, пожалуйста попробуйте позже'],
  ['errors.http400', 'Неверный запрос'],
  ['errors.unknown', 'нет такой ошибки'],
  ['errors.E030', 'Ошибка при получении данных. Пожалуйста, повторите попытку позже.'],
  ['blockRestore.cancelledTitle', 'Отменено'],
  ['blockRestore.cancelledText', 'Вы отменили действие'],
  ['blockRestore.failedNumbers', 'Произошла ошибка с номерами'],
  ['blockRestore.blockFailed', 'Активация услуги неуспешна. Причина - {{description}}'],
  ['blockRestore.restoreFailed', 'Разблокировка номера невозможна. Причина - {{description}}'],
  ['blockRestore.blockSuccess', 'Активация услуги вступит в силу после 00:00'],
  ['validation.passwordMismatch', 'Пароли не совпадают'],
  ['validation.dateRange', 'Выберите начальную и конечную дату'],
  ['validation.fields', 'Поля заполнены неверно'],
  ['validation.fieldsCorrect', 'Заполните все поля корректно'],
  ['validation.badDate', 'Некорректная дата'],
  ['validation.adult', 'Вам должно быть 18'],
  ['validation.loginTaken', 'Данный логин занят, выберите другой'],
  ['validation.latinOnly', 'ввод должен быть исключительно латиницей'],
  ['validation.fillRequired', 'Сначала заполните все необходимые поля.'],
  ['validation.cityFirst', 'Сначала нужно выбрать город.'],
  ['validation.noTin', 'У вас не имеется ИНН.'],
  ['eimzo.oldVersion', 'ВНИМАНИЕ!!! Установите новую версию приложения E-IMZO'],
  ['eimzo.noCertificates', 'Нет установленных сертификатов E-Imzo.'],
  ['eimzo.noMatchingKey', 'Нет подходящего ЭЦП-ключа.'],
  ['eimzo.noInstalledOrMatchingKey', 'Нет установленого или подходящего ЭЦП-ключа.'],
  ['eimzo.generic', 'Ошибка EImzo'],
  ['eimzo.badPassword', 'Пароль неверный.'],
  ['nav.profile', 'Профиль'],
  ['nav.details', 'Финансовая информация'],
  ['nav.services', 'Услуги'],
  ['nav.purchase', 'Покупка номеров'],
  ['nav.documents', 'Документы'],
  ['nav.orders', 'Заказы'],
  ['nav.agreement', 'Регистрация договора'],
  ['nav.at39', 'Регистрация AT 39'],
  ['nav.debt', 'Уведомление'],
  ['nav.settings', 'Настройки'],
  ['footer.about', 'О компании'],
  ['footer.employeeLogin', 'Войти как сотрудник'],
  ['money.sum', 'сум'],
];

describe('exact Russian texts of the spec', () => {
  it.each(SPEC_TEXTS)('%s is %j', (key, text) => {
    expect(ru[key]).toBe(text);
  });

  it('restore success mentions the 5-10 minutes delay in both languages', () => {
    expect(ru['blockRestore.restoreSuccess']).toMatch(/5–10 минут/);
    expect(uz['blockRestore.restoreSuccess']).toMatch(/5–10 daqiqa/);
  });

  it('keeps the block success time and the failure placeholders in uz', () => {
    expect(uz['blockRestore.blockSuccess']).toContain('00:00');
    expect(uz['blockRestore.blockFailed']).toContain('{{description}}');
    expect(uz['blockRestore.restoreFailed']).toContain('{{description}}');
    expect(uz['money.sum']).toBe('soʻm');
  });
});
