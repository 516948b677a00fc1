import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

/** Any path the route table does not know, an unknown language segment included (spec 2). */
export function NotFound({ homeHref }: { homeHref: string }) {
  const { t } = useTranslation();
  return (
    <section className="page page--message" data-testid="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('app.notFound.title')}</h1>
      <p>{t('app.notFound.text')}</p>
      <Link href={homeHref} className="btn">
        {t('app.notFound.home')}
      </Link>
    </section>
  );
}
