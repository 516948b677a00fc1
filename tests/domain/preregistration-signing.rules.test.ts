import { describe, expect, it } from 'vitest';
import {
  applicationDocument,
  applicationText,
  keyProofDocument,
  keyProofText,
} from '@/domain/preregistration-signing.rules';

const application = {
  user: { tin: '306120457', name: 'Buxoro Yangi Texnologiyalar MChJ', city: 'BHK', oked: '62010' },
  business: { address: 'Buxoro sh.', phone: '998652001122' },
  contactFace: { lastName: 'Rahimova', name: 'Dilnoza', passport: 'AB1234567', email: 'info@buxorotech.uz' },
  account: { login: 'buxorotech' },
  info: { connectType: 1 },
};

describe('the wizard’s two signed documents (NC20-NC22)', () => {
  it('the key proof names the TIN and says it applies for nothing, in both languages', () => {
    const text = keyProofText('306120457');
    expect(text).toContain('ИНН 306120457');
    expect(text).toContain('STIR 306120457');
    expect(text).toContain('заявка ещё не подана');
    const doc = keyProofDocument('306120457', 'h'.repeat(64), 'c'.repeat(32));
    expect(doc).toMatchObject({ action: 'key-proof', targets: { kind: 'draft', draftHash: 'h'.repeat(64) } });
    expect(doc.text).toBe(text);
  });

  it('the application reads as the application, in the page’s language, without the passport number', () => {
    const ru = applicationText(application, 'ru');
    const uz = applicationText(application, 'uz');
    expect(ru.split('\n')[0]).toBe('Предварительная регистрация: заявка на подключение');
    expect(uz.split('\n')[0]).toBe('Oldindan roʻyxatdan oʻtish: ulanish uchun ariza');
    expect(ru).toContain('ИНН: 306120457');
    expect(ru).toContain('Логин: buxorotech');
    expect(uz).toContain('Login: buxorotech');
    expect(ru).toContain('Контактное лицо: Rahimova, Dilnoza');
    for (const t of [ru, uz]) expect(t).not.toContain('AB1234567');
    const doc = applicationDocument(application, 'uz', 'h'.repeat(64), null);
    expect(doc).toMatchObject({ action: 'preregister', challenge: null, text: uz });
    // a different application is a different text (what the server compares)
    expect(applicationText({ ...application, account: { login: 'other' } }, 'ru')).not.toBe(ru);
  });
});
