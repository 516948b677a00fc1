import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import './common.css';

/** The page actually shown for a requested page: within 1…pages (and 1 when there are no pages). */
export function clampPage(page: number, pages: number): number {
  const last = Math.max(Math.floor(pages), 1);
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(Math.floor(page), 1), last);
}

export interface PaginationProps {
  /** The current page, counted from 1 (a list that counts from 0 passes `pageNo + 1`). */
  readonly page: number;
  /** How many pages there are. */
  readonly pages: number;
  /** Called with the requested page, already clamped to 1…pages; never with the current page. */
  readonly onPage: (page: number) => void;
  /** Test ids: `<testId>-pagination`, `<testId>-prev`, `<testId>-next`, `<testId>-page`. */
  readonly testId?: string;
  /** Adds a "go to page" field (long lists). */
  readonly withGoTo?: boolean;
  /** Accessible name of the navigation (translated); default 'Страницы'. */
  readonly label?: string;
  /** The list's page is being read: no other page can be asked until it is shown (the buttons are disabled). */
  readonly disabled?: boolean;
}

/**
 * Page N of M with previous/next buttons (real buttons, disabled at the ends) and optionally a page field. Renders
 * nothing for a single page. Every request is clamped to 1…pages, so an out-of-range page in the URL or the field
 * leads to the nearest existing page. Texts: `common.pagination.*`.
 */
export function Pagination({
  page,
  pages,
  onPage,
  testId = 'list',
  withGoTo = false,
  label,
  disabled = false,
}: PaginationProps) {
  const { t } = useTranslation();
  const id = useId();
  const last = Math.max(Math.floor(pages), 1);
  if (last <= 1 && page <= 1) return null;
  const go = (requested: number) => {
    const target = clampPage(requested, last);
    if (target !== page) onPage(target);
  };
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const raw = new FormData(e.currentTarget).get('page');
    const n = Number(typeof raw === 'string' ? raw.trim() : '');
    // anything unreadable is ignored; numbers out of range go to the nearest page
    if (typeof raw === 'string' && raw.trim() !== '' && Number.isInteger(n)) go(n);
  };
  return (
    <nav
      className="pagination"
      aria-label={label ?? t('common.pagination.label')}
      data-testid={`${testId}-pagination`}
    >
      <button
        type="button"
        className="btn btn--secondary"
        data-testid={`${testId}-prev`}
        disabled={disabled || page <= 1}
        onClick={() => go(Math.min(page, last + 1) - 1)}
      >
        {t('common.pagination.prev')}
      </button>
      <span data-testid={`${testId}-page`} aria-current="page">
        {t('common.pagination.page', { page: clampPage(page, last), pages: last })}
      </span>
      <button
        type="button"
        className="btn btn--secondary"
        data-testid={`${testId}-next`}
        disabled={disabled || page >= last}
        onClick={() => go(page + 1)}
      >
        {t('common.pagination.next')}
      </button>
      {withGoTo ? (
        <form className="pagination__goto" onSubmit={onSubmit}>
          <label htmlFor={`${id}-page`}>{t('common.pagination.goTo')}</label>
          <input
            key={page}
            id={`${id}-page`}
            name="page"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            size={4}
            defaultValue={page}
            data-testid={`${testId}-page-input`}
          />
          <button type="submit" className="btn btn--secondary" disabled={disabled}>
            {t('common.pagination.go')}
          </button>
        </form>
      ) : null}
    </nav>
  );
}
