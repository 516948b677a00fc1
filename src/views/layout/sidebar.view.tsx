import { useTranslation } from 'react-i18next';
import { Link, useRoute } from 'wouter';
import { NAV_PATHS, type NavKey } from '@/domain/navigation.rules';

function NavItem({ entry }: { entry: NavKey }) {
  const { t } = useTranslation();
  const path = `/${NAV_PATHS[entry]}`;
  const [active] = useRoute(`${path}/*?`);
  return (
    <li>
      <Link href={path} data-testid={`nav-${entry}`} aria-current={active ? 'page' : undefined}>
        {t(`nav.${entry}`)}
      </Link>
    </li>
  );
}

/** The sidebar navigation: the entries the domain rule `visibleNav` allows, in spec order. */
export function Sidebar({ entries }: { entries: readonly NavKey[] }) {
  const { t } = useTranslation();
  return (
    <nav className="sidebar" aria-label={t('nav.label')} data-testid="sidebar">
      <ul>
        {entries.map((entry) => (
          <NavItem key={entry} entry={entry} />
        ))}
      </ul>
    </nav>
  );
}
