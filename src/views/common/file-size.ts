import { useTranslation } from 'react-i18next';
import { currentLang } from '@/i18n/i18n';
import { intlLocale } from '@/i18n/locale';

/**
 * A file's size in the user's words, read the same wherever a size is shown (the upload's chosen file, a download's
 * progress): '1,5 МБ' from one megabyte up, else whole kilobytes, at least '1 КБ'. The number follows the shown
 * language's `Intl` locale (src/i18n/locale.ts), not a locale spelled out here.
 */
export function useFileSize(): (bytes: number) => string {
  const { t } = useTranslation();
  return (bytes) => {
    const fmt = new Intl.NumberFormat(intlLocale(currentLang()), { maximumFractionDigits: 1 });
    return bytes >= 1024 * 1024
      ? t('upload.mb', { size: fmt.format(bytes / (1024 * 1024)) })
      : t('upload.kb', { size: fmt.format(Math.max(1, Math.round(bytes / 1024))) });
  };
}
