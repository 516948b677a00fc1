/**
 * The texts of the messages the portal sends (SMS and e-mail), in the recipient's language: the language of the page
 * the request came from (register, check, resend, forgot). An activation link is sent to someone who asked for
 * nothing yet, so nobody's page says their language: it carries both, Russian first (docs/decisions.md MSG1). One
 * table, so the demo outbox, the SMTP mail and the SMS gateway read the same words.
 */
export type MessageKind = 'sms-code' | 'temp-password' | 'restore-link' | 'activation-link';
export type MessageLang = 'ru' | 'uz';

export interface MessageParts {
  /** the code, temporary password or link */
  secret: string;
  /** the account's login, when the message names it */
  login?: string | null;
}

interface Wording {
  subject: string;
  text: (p: MessageParts) => string;
}

const WORDING: Record<MessageLang, Record<MessageKind, Wording>> = {
  ru: {
    'sms-code': {
      subject: 'Код подтверждения',
      text: (p) => `Код подтверждения: ${p.secret}. Никому его не сообщайте.`,
    },
    'temp-password': {
      subject: 'Временный пароль',
      text: (p) => `Логин: ${p.login ?? ''}. Временный пароль: ${p.secret}. Смените его при первом входе.`,
    },
    'restore-link': {
      subject: 'Восстановление пароля',
      text: (p) =>
        `Чтобы задать новый пароль${p.login ? ` для логина ${p.login}` : ''}, откройте ссылку: ${p.secret}\nЕсли вы не просили восстановить пароль, ничего не делайте.`,
    },
    'activation-link': {
      subject: 'Активация учётной записи',
      text: (p) =>
        `Для вас создана учётная запись${p.login ? ` ${p.login}` : ''} на портале для корпоративных клиентов. Чтобы задать пароль и войти, откройте ссылку: ${p.secret}`,
    },
  },
  uz: {
    'sms-code': {
      subject: 'Tasdiqlash kodi',
      text: (p) => `Tasdiqlash kodi: ${p.secret}. Uni hech kimga aytmang.`,
    },
    'temp-password': {
      subject: 'Vaqtinchalik parol',
      text: (p) =>
        `Login: ${p.login ?? ''}. Vaqtinchalik parol: ${p.secret}. Birinchi kirishda uni almashtiring.`,
    },
    'restore-link': {
      subject: 'Parolni tiklash',
      text: (p) =>
        `${p.login ? `${p.login} logini uchun yangi` : 'Yangi'} parol oʻrnatish uchun havolani oching: ${p.secret}\nAgar parolni tiklashni soʻramagan boʻlsangiz, hech narsa qilmang.`,
    },
    'activation-link': {
      subject: 'Hisobni faollashtirish',
      text: (p) =>
        `Korporativ mijozlar portalida siz uchun${p.login ? ` ${p.login}` : ''} hisobi yaratildi. Parol oʻrnatish va kirish uchun havolani oching: ${p.secret}`,
    },
  },
};

/** The subject (e-mail) and the text of a message of `kind` in `lang`. */
export function messageWording(
  kind: MessageKind,
  lang: MessageLang,
  parts: MessageParts,
): { subject: string; text: string } {
  if (kind === 'activation-link') {
    const [ru, uz] = [WORDING.ru[kind], WORDING.uz[kind]];
    return { subject: `${ru.subject} / ${uz.subject}`, text: `${ru.text(parts)}\n\n${uz.text(parts)}` };
  }
  const w = WORDING[lang][kind];
  return { subject: w.subject, text: w.text(parts) };
}
