import { useTranslation } from 'react-i18next';
import type { Lang } from '@/domain/constants';
import { currentLang } from './i18n';

/**
 * The language currently shown, for a component: it renders again when the language changes. Its own module, so the
 * login page's script (which holds i18n.ts) does not carry it (tests/e2e/budget.e2e.ts).
 */
export function usePageLang(): Lang {
  useTranslation();
  return currentLang();
}
