import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
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
  const tabId = (key: string) => `${id}-tab-${key}`;
  const panelId = `${id}-panel`;
  return (
    <div
      className={tabs ? 'content-page content-page--tabs' : 'content-page'}
      data-testid={testId}
      data-tabs-type={tabs?.type}
    >
      <h1 id={titleId} className="content-page__title">
        {title}
      </h1>
      {tabs ? <TabsPanel tabs={tabs} tabId={tabId} panelId={panelId} /> : null}
      <section
        className="content-page__main"
        aria-labelledby={tabs ? tabId(tabs.selected) : titleId}
        {...(tabs ? { role: 'tabpanel', id: panelId, 'data-testid': `tabpanel-${tabs.selected}` } : {})}
      >
        {children}
      </section>
      {aside ? <div className="content-page__aside">{aside}</div> : null}
    </div>
  );
}

function TabsPanel({
  tabs,
  tabId,
  panelId,
}: {
  tabs: ContentTabs;
  tabId: (key: string) => string;
  panelId: string;
}) {
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const keys = tabs.items.map((i) => i.key);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = keys.indexOf(tabs.selected);
    const n = keys.length;
    const next =
      e.key === 'ArrowDown' || e.key === 'ArrowRight'
        ? keys[(i + 1) % n]
        : e.key === 'ArrowUp' || e.key === 'ArrowLeft'
          ? keys[(i - 1 + n) % n]
          : e.key === 'Home'
            ? keys[0]
            : e.key === 'End'
              ? keys[n - 1]
              : undefined;
    if (next === undefined) return;
    e.preventDefault();
    tabs.onSelect(next);
    refs.current.get(next)?.focus();
  };
  return (
    <div
      className="content-page__tabs"
      role="tablist"
      aria-orientation="vertical"
      aria-label={tabs.label}
      data-testid={`tabs-${tabs.type}`}
      onKeyDown={onKeyDown}
    >
      {tabs.items.map((item) => (
        <button
          key={item.key}
          ref={(el) => {
            if (el) refs.current.set(item.key, el);
            else refs.current.delete(item.key);
          }}
          type="button"
          role="tab"
          id={tabId(item.key)}
          data-testid={`tab-${item.key}`}
          aria-selected={item.key === tabs.selected}
          aria-controls={panelId}
          tabIndex={item.key === tabs.selected ? 0 : -1}
          onClick={() => tabs.onSelect(item.key)}
        >
          {item.label}
        </button>
      ))}
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
