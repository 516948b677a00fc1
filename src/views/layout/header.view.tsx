import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Lang } from '@/domain/constants';
import { LanguageSwitch } from './language-switch.view';

export interface HeaderProps {
  lang: Lang;
  /** logged-in variant when set (spec 2 'Header when logged in') */
  signedIn: null | {
    userName: string;
    roleTitle: string | null;
    showAdministration: boolean;
    /** the search box, when the user's config allows it */
    search: ReactNode;
    onLogout: () => void;
    logoutPending: boolean;
  };
}

/** The header: logged-in or logged-out variant (spec 2). */
export function Header({ lang, signedIn }: HeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="header" data-testid={signedIn ? 'header-signed-in' : 'header-signed-out'}>
      <Link href="/" className="header__logo" aria-label={t('header.logo')}>
        <span className="header__logo-mark" aria-hidden="true" />
        <span>{t('app.title')}</span>
      </Link>
      {signedIn ? (
        <>
          {signedIn.showAdministration ? (
            <Link href="/administration/search" data-testid="header-administration">
              {t('header.administration')}
            </Link>
          ) : null}
          {signedIn.search}
          <span className="header__spacer" />
          <span
            className="header__user"
            data-testid="header-user"
            title={`${signedIn.userName}${signedIn.roleTitle ? ` · ${signedIn.roleTitle}` : ''}`}
          >
            {/* U12: on a wide screen the login and the role stack in two short lines; the text reads as one */}
            <span className="header__login">{signedIn.userName}</span>
            {signedIn.roleTitle ? (
              <>
                <span className="header__sep"> · </span>
                <span className="header__role">{signedIn.roleTitle}</span>
              </>
            ) : null}
          </span>
          <LanguageSwitch current={lang} />
          <button
            type="button"
            className="btn btn--secondary"
            onClick={signedIn.onLogout}
            disabled={signedIn.logoutPending}
            data-testid="logout"
          >
            {t('header.logout')}
          </button>
        </>
      ) : (
        <>
          <span className="header__spacer" />
          <Link href="/new-client" data-testid="become-client">
            {t('header.becomeClient')}
          </Link>
          <LanguageSwitch current={lang} />
        </>
      )}
    </header>
  );
}
