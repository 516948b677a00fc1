import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import './common.css';

/** One tab: its key (what `onSelect` receives, part of the ids) and its translated label. */
export interface TabItem<K extends string = string> {
  readonly key: K;
  readonly label: string;
}

export interface TabListProps<K extends string = string> {
  /** Accessible name of the tab list (translated). */
  readonly label: string;
  readonly items: readonly TabItem<K>[];
  /** The selected tab: the one last chosen (in the Tab order; the arrow keys move from it). */
  readonly selected: K;
  /** The tab marked selected (`aria-selected`) when it is not `selected` yet: the one whose panel is still on screen
   *  while the chosen one's is on its way (the number list, docs/decisions.md N8). Default: `selected`. */
  readonly shown?: K;
  /** Called with the newly selected key (a click, or an arrow/Home/End key: selection follows focus). */
  readonly onSelect: (key: K) => void;
  /** Prefix of the ids: tab `<idBase>-tab-<key>`, panel `<idBase>-panel` (see `tabIds`). */
  readonly idBase: string;
  /** 'horizontal' (default): Left/Right arrows; 'vertical': Up/Down (Left/Right work too). */
  readonly orientation?: 'horizontal' | 'vertical';
  /** `data-testid` of each tab is `<tabTestId>-<key>` (default `tab`). */
  readonly tabTestId?: string;
  /** `data-testid` of the list. */
  readonly testId?: string;
  readonly className?: string;
}

/** The ids the tab list and its panel share: a tab names the panel (`aria-controls`), the panel names its tab. */
export function tabIds(idBase: string, key: string): { tab: string; panel: string } {
  return { tab: `${idBase}-tab-${key}`, panel: `${idBase}-panel` };
}

/** Props of the element that is the selected tab's panel (`role="tabpanel"`, labelled by the selected tab). */
export function tabPanelProps(idBase: string, selected: string) {
  const ids = tabIds(idBase, selected);
  return { role: 'tabpanel', id: ids.panel, 'aria-labelledby': ids.tab } as const;
}

const NEXT_KEYS = { horizontal: ['ArrowRight'], vertical: ['ArrowDown', 'ArrowRight'] } as const;
const PREV_KEYS = { horizontal: ['ArrowLeft'], vertical: ['ArrowUp', 'ArrowLeft'] } as const;

/**
 * The WAI-ARIA tabs pattern (tab list part): real buttons with `role="tab"`, `aria-selected`, `aria-controls`; a
 * roving tabindex (only the selected tab is in the Tab order); arrow keys move to the next/previous tab (wrapping),
 * Home and End to the first/last, and select it (automatic activation). Use it with `tabPanelProps` on the panel when
 * the list and the panel sit apart in the layout, or use `Tabs`, which renders both.
 */
export function TabList<K extends string>({
  label,
  items,
  selected,
  shown = selected,
  onSelect,
  idBase,
  orientation = 'horizontal',
  tabTestId = 'tab',
  testId,
  className,
}: TabListProps<K>) {
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const keys = items.map((i) => i.key);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const n = keys.length;
    if (n === 0) return;
    const i = Math.max(keys.indexOf(selected), 0);
    const next = (NEXT_KEYS[orientation] as readonly string[]).includes(e.key)
      ? keys[(i + 1) % n]
      : (PREV_KEYS[orientation] as readonly string[]).includes(e.key)
        ? keys[(i - 1 + n) % n]
        : e.key === 'Home'
          ? keys[0]
          : e.key === 'End'
            ? keys[n - 1]
            : undefined;
    if (next === undefined) return;
    e.preventDefault();
    if (next !== selected) onSelect(next);
    refs.current.get(next)?.focus();
  };
  return (
    <div
      className={className ? `tabs ${className}` : 'tabs'}
      role="tablist"
      aria-label={label}
      aria-orientation={orientation}
      data-testid={testId}
      onKeyDown={onKeyDown}
    >
      {items.map((item) => {
        const ids = tabIds(idBase, item.key);
        const isSelected = item.key === selected;
        const isShown = item.key === shown;
        return (
          <button
            key={item.key}
            ref={(el) => {
              if (el) refs.current.set(item.key, el);
              else refs.current.delete(item.key);
            }}
            type="button"
            role="tab"
            id={ids.tab}
            data-testid={`${tabTestId}-${item.key}`}
            aria-selected={isShown}
            aria-controls={ids.panel}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => {
              if (!isSelected) onSelect(item.key);
            }}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

export interface TabsProps<K extends string = string> extends TabListProps<K> {
  /** The selected tab's content. */
  readonly children: ReactNode;
  /** `data-testid` of the panel. */
  readonly panelTestId?: string;
  readonly panelClassName?: string;
}

/** Tab list and the selected tab's panel together (the usual case). */
export function Tabs<K extends string>({ children, panelTestId, panelClassName, ...list }: TabsProps<K>) {
  return (
    <>
      <TabList {...list} />
      <div
        {...tabPanelProps(list.idBase, list.selected)}
        className={panelClassName}
        data-testid={panelTestId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA tabs: the panel is focusable when it holds no focusable content first
        tabIndex={0}
      >
        {children}
      </div>
    </>
  );
}
