import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './page-frame.css';

/** The pages whose texts are a `title` and a `subtitle` under one key (the i18n files' types check both keys). */
type PageTexts =
  | 'activityLog'
  | 'agreement'
  | 'debt'
  | 'employeesList'
  | 'newOrder'
  | 'orders'
  | 'plansList'
  | 'purchase'
  | 'recoveryContact'
  | 'services';

export interface PageFrameProps {
  /**
   * The page's block class (BEM): the section is `<block> page`, its header `<block>__head`, the subtitle
   * `<block>__subtitle`; the page's own stylesheet styles them.
   */
  readonly block: string;
  /** A second block class on the section, for a page that restyles its area's frame (`purchase new-order page`). */
  readonly also?: string;
  /** The heading's id, which labels the section (default `<block>-title`). */
  readonly titleId?: string;
  /** The key under which the page's texts are: the heading is `<texts>.title`, the line under it `<texts>.subtitle`. */
  readonly texts?: PageTexts;
  /** The heading (h1), where it is not `<texts>.title`. */
  readonly title?: ReactNode;
  /** The line under the heading, where it is not `<texts>.subtitle`; none when empty. */
  readonly subtitle?: ReactNode;
  /** `data-testid` of the section. */
  readonly testId: string;
  /** `data-state`: the chart's state the page shows (the view walks and browser tests read it). */
  readonly state: string;
  /**
   * What stands beside the heading (refresh, export): given, the heading and subtitle are grouped in one box so that
   * the head lays the two side by side; `null` keeps that layout with nothing beside it yet.
   */
  readonly actions?: ReactNode;
  /** `aria-busy` of the section, where the page says so while it loads. */
  readonly busy?: boolean;
  /** `data-ready`: the page shows the data of the address it is at (browser tests wait for it). */
  readonly ready?: boolean;
  readonly children: ReactNode;
}

/**
 * A signed-in page's frame: a section labelled by its h1, the heading with its subtitle and actions, then the page.
 * Every list and form page draws the same frame (docs/decisions.md AR22: debt control, orders, pre-registrations,
 * employees, the agreement, add-ons and their checkout, purchase and the order, recovery contact, documents, AT 39);
 * the chart's state says what is inside.
 */
export function PageFrame(props: PageFrameProps) {
  const { block, also, texts, testId, state, actions, busy, ready, children } = props;
  const { t } = useTranslation();
  const titleId = props.titleId ?? `${block}-title`;
  const title = props.title ?? (texts ? t(`${texts}.title`) : null);
  const subtitle = props.subtitle ?? (texts && props.title === undefined ? t(`${texts}.subtitle`) : null);
  const heading = (
    <>
      <h1 id={titleId}>{title}</h1>
      {subtitle ? <p className={`${block}__subtitle page__subtitle`}>{subtitle}</p> : null}
    </>
  );
  return (
    <section
      className={also ? `${block} ${also} page` : `${block} page`}
      aria-labelledby={titleId}
      data-testid={testId}
      data-state={state}
      {...(busy === undefined ? {} : { 'aria-busy': busy })}
      {...(ready === undefined ? {} : { 'data-ready': ready ? 'true' : 'false' })}
    >
      <header
        className={
          actions === undefined
            ? `${block}__head page__head`
            : `${block}__head page__head page__head--actions`
        }
      >
        {actions === undefined ? (
          heading
        ) : (
          <>
            <div>{heading}</div>
            {actions}
          </>
        )}
      </header>
      {children}
    </section>
  );
}
