import { type ReactNode, useId } from 'react';
import { useLocation, useSearch } from 'wouter';
import { TabList, tabPanelProps } from './tabs.view';
import './content-page.css';

/** One tab of a content page's tabs panel. */
export interface ContentTab {
  readonly key: string;
  readonly label: string;
}

/** The tabs panel (first column): spec 2 "details and settings show a tabs panel of type info or settings". */
export interface ContentTabs {
  /** 'info' (Details) or 'settings' (Settings). */
  readonly type: 'info' | 'settings';
  /** Accessible name of the tab list. */
  readonly label: string;
  readonly items: readonly ContentTab[];
  readonly selected: string;
  readonly onSelect: (key: string) => void;
}

export interface ContentPageProps {
  /** The page heading (h1). */
  readonly title: string;
  /** `data-testid` of the page (`page-profile`, `page-details`, …). */
  readonly testId: string;
  /** The tabs panel; pages without one (Profile) leave the first column out. */
  readonly tabs?: ContentTabs;
  /** The aside column: the widgets. */
  readonly aside?: ReactNode;
  /** The main column: the selected tab's content. */
  readonly children: ReactNode;
}

/**
 * The content page of spec 2: three columns — tabs, main, aside widgets. With a tabs panel the main column is the
 * selected tab's panel (WAI-ARIA tabs; arrow keys, Home and End move between tabs). On narrow screens the columns
 * stack: tabs, main, widgets.
 */
export function ContentPage({ title, testId, tabs, aside, children }: ContentPageProps) {
  const id = useId();
  const titleId = `${id}-title`;
  return (
    <div
      className={tabs ? 'content-page content-page--tabs' : 'content-page'}
      data-testid={testId}
      data-tabs-type={tabs?.type}
    >
      <h1 id={titleId} className="content-page__title">
        {title}
      </h1>
      {tabs ? (
        <TabList
          label={tabs.label}
          items={tabs.items}
          selected={tabs.selected}
          onSelect={tabs.onSelect}
          idBase={id}
          orientation="vertical"
          testId={`tabs-${tabs.type}`}
          className="content-page__tabs"
        />
      ) : null}
      <section
        className="content-page__main"
        {...(tabs
          ? { ...tabPanelProps(id, tabs.selected), 'data-testid': `tabpanel-${tabs.selected}` }
          : { 'aria-labelledby': titleId })}
      >
        {children}
      </section>
      {aside ? <div className="content-page__aside">{aside}</div> : null}
    </div>
  );
}

/**
 * The selected tab of a content page, kept in the URL (`?tab=<key>`) so reload and Back keep it. Without (or with an
 * unknown) `tab` the page opens on `keys[initialIndex]` — spec 2: the second tab only when a curator or subscriber
 * must change the password and is on Settings (`initialTabIndex` of src/domain), otherwise the first.
 */
export function useContentTab(keys: readonly string[], initialIndex = 0): [string, (key: string) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const fromUrl = new URLSearchParams(search).get('tab');
  const fallback = keys[initialIndex] ?? keys[0] ?? '';
  const selected = fromUrl !== null && keys.includes(fromUrl) ? fromUrl : fallback;
  const select = (key: string) => {
    if (key === selected) return;
    const sp = new URLSearchParams(search);
    sp.set('tab', key);
    navigate(`${location}?${sp.toString()}`);
  };
  return [selected, select];
}
