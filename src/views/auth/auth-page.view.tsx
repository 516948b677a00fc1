import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';

/** Placeholder for the Auth pages until the sign-in workflow lands (issue: sign-in). */
export function AuthPage() {
  const { t } = useTranslation();
  const [location] = useLocation();
  return (
    <section className="page auth-page" data-testid="auth-page" data-auth={location.slice(1)}>
      <h1>{t('auth.login.title')}</h1>
    </section>
  );
}
