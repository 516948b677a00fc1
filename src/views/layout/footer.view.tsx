import { useTranslation } from 'react-i18next';

export interface FooterProps {
  /** Auth and new-client pages show the 'login as employee' single sign-on link (spec 2). */
  showEmployeeLogin: boolean;
  ssoUrl: string;
  aboutUrl: string;
}

export function Footer({ showEmployeeLogin, ssoUrl, aboutUrl }: FooterProps) {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <a href={aboutUrl} target="_blank" rel="noopener noreferrer" className="footer__link">
        {t('footer.about')}
      </a>
      {showEmployeeLogin ? (
        <a
          href={ssoUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="footer__link"
          data-testid="employee-login"
        >
          {t('footer.employeeLogin')}
        </a>
      ) : null}
      <span className="footer__copy">{t('footer.copyright', { year: new Date().getFullYear() })}</span>
    </footer>
  );
}
