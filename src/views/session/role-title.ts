import type { TFunction } from 'i18next';
import { isTranslationKey } from '@/i18n/keys';

/** The title of a role code (spec 3 "Role titles"); an unknown code is shown as is. */
export function roleTitle(t: TFunction, code: string): string {
  const key = `roles.${code}`;
  return isTranslationKey(key) ? t(key) : code;
}
