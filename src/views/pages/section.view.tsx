import { useTranslation } from 'react-i18next';
import type { NavKey } from '@/domain/navigation.rules';

/**
 * A section whose workflow has not landed yet (its issue is still open): it says so plainly instead of pretending.
 * Replaced route by route as the workflows land.
 */
export function SectionPending({
  section,
}: {
  section: NavKey | 'administration' | 'newClient' | 'newNumbers';
}) {
  const { t } = useTranslation();
  return (
    <section className="page" data-testid={`page-${section}`} aria-labelledby="section-title">
      <h1 id="section-title">{t(`sections.${section}`)}</h1>
      <p>{t('app.sectionPending')}</p>
    </section>
  );
}
