import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ssoHref } from '@/domain/public-pages.rules';
import { currentLang } from '@/i18n/i18n';

export interface FooterProps {
  /** Auth and new-client pages show the 'login as employee' single sign-on link (spec 2), opened in this tab. */
  showEmployeeLogin: boolean;
  ssoUrl: string;
  aboutUrl: string;
}

const noSubscription = () => () => undefined;
const thisYear = () => new Date().getFullYear();
const noYear = () => null;

/**
 * The current year, or null in a page rendered at build time and while React hydrates it (docs/decisions.md LB12):
 * the build's year may not be the visitor's, and a hydrated text must match the HTML. The year follows at once.
 */
function useYear(): number | null {
  return useSyncExternalStore(noSubscription, thisYear, noYear);
}

export function Footer({ showEmployeeLogin, ssoUrl, aboutUrl }: FooterProps) {
  const { t } = useTranslation();
  const year = useYear();
  return (
    <footer className="footer">
      <a href={aboutUrl} target="_blank" rel="noopener noreferrer" className="footer__link">
        {t('footer.about')}
      </a>
      {showEmployeeLogin ? (
        // the sign-on flow comes back to this tab with the session (decisions SSO4): no new tab
        <a href={ssoHref(ssoUrl, currentLang())} className="footer__link" data-testid="employee-login">
          {t('footer.employeeLogin')}
        </a>
      ) : null}
      <span className="footer__copy">{year === null ? null : t('footer.copyright', { year })}</span>
    </footer>
  );
}
