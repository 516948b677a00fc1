import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { LANGS, type Lang } from '@/domain/constants';

/**
 * ru/uz switch that keeps the current page and its query (spec 2 header). Rendered inside the `/:lang` nest, so the
 * location is relative to the language segment; `~` makes the link absolute.
 */
export function LanguageSwitch({ current }: { current: Lang }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const search = useSearch();
  const rest = location === '/' ? '' : location;
  return (
    <nav className="lang-switch" aria-label={t('header.language')}>
      {LANGS.map((lang) => (
        <Link
          key={lang}
          href={`~/${lang}${rest}${search ? `?${search}` : ''}`}
          lang={lang}
          hrefLang={lang}
          aria-current={lang === current ? 'true' : undefined}
          data-testid={`lang-${lang}`}
        >
          {t(`header.langName.${lang}`)}
        </Link>
      ))}
    </nav>
  );
}
