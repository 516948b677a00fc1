/**
 * Typed keys: `t()` only accepts keys of ru.json, the source locale, so `t('nav.bad')` is a compile error.
 * uz.json is held to the same key set by tests/i18n/parity.test.ts.
 */
import type ru from './ru.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof ru };
  }
}
