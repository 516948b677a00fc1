import { type FormEvent, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import {
  type AddonsParams,
  EMPLOYEE_LISTS,
  IP_GROUPS,
  type ServiceAction,
  sameEmployeeList,
} from '@/domain/addons.rules';
import { formatSum } from '@/domain/money.rules';
import { phoneWord } from '@/domain/phone.rules';
import { formatErrorMessage } from '@/i18n/messages';
import { usePageLang } from '@/i18n/page-lang';
import { SYSTEM_IDS } from '@/machines/actor-system';
import type { EmployeeRow, ServicePackage } from '@/machines/addons.machine';
import {
  connectCatalogue,
  connectEmployees,
  connectOptions,
  connectServicesPage,
} from '@/machines/addons.selectors';
import { selectProfile } from '@/machines/session.selectors';
import { ErrorRetry } from '@/views/common/error-retry.view';
import { PageFrame } from '@/views/common/page-frame.view';
import { Pagination } from '@/views/common/pagination.view';
import { useWorkflow } from '@/views/common/use-workflow';
import { useWorkflowLogic } from '@/views/common/workflow-logic.context';
import { SessionContext } from '@/views/session/session.context';
import { AddonsContext } from './addons.context';
import { addonsSearch, checkoutHref, parseAddonsSearch } from './addons.url';
import { CheckoutPanel } from './checkout.view';
import '@/views/common/common.css';
import './addons.css';
import { SendButton } from '@/views/common/send-button.view';

/** The list's parameters as the URL says them, and a way to change them (a history entry: Back works). */
function useServicesUrl(): [AddonsParams, (next: AddonsParams) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = parseAddonsSearch(search);
  return [params, (next) => navigate(`/services?${addonsSearch(next)}`)];
}

/**
 * `/{lang}/services` and `/{lang}/services/checkout` (spec 2): one page actor for both, so the numbers chosen on the
 * list are still chosen in the checkout (docs/decisions.md SV6). Who may open it is `routeAccess` (SV1).
 */
export function AddonsPage() {
  const { services } = useWorkflowLogic();
  const [params] = useServicesUrl();
  return (
    <AddonsContext.Provider logic={services} input={{ params }} systemId={SYSTEM_IDS.services}>
      <ServicesRoutes />
    </AddonsContext.Provider>
  );
}

function ServicesRoutes() {
  const actor = AddonsContext.useActorRef();
  const [location] = useLocation();
  const [params] = useServicesUrl();
  const { list, group, soc, q, page } = params;
  // a fact from the router: the URL changed (click, reload, Back); the chart ignores what it already has
  useEffect(() => {
    actor.send({ type: 'params.changed', params: { list, group, soc, q, page } });
  }, [actor, list, group, soc, q, page]);
  return location.endsWith('/checkout') ? <CheckoutPanel /> : <ServicesView />;
}

/** Volume as people read it: GB, or unlimited. */
export function useVolumeText() {
  const { t } = useTranslation();
  return (mb: number | null) =>
    mb === null ? t('services.unlimited') : t('services.gb', { value: Math.round((mb / 1024) * 10) / 10 });
}

function ServicesView() {
  const { t } = useTranslation();
  const [params, go] = useServicesUrl();
  const actor = AddonsContext.useActorRef();
  const { state, shown, current, selected, ready, chosen } = useWorkflow(actor, connectServicesPage);
  const profile = SessionContext.useSelector(selectProfile);
  const [, navigate] = useLocation();
  const payerBan = profile?.ban ?? '';
  const isReady = current && shown !== null && sameEmployeeList(shown.params, params);

  const actions: readonly { action: ServiceAction; needsPackage: boolean }[] =
    params.list === 'connect'
      ? [
          { action: 'connect', needsPackage: true },
          { action: 'roamingOn', needsPackage: false },
          { action: 'roamingOff', needsPackage: false },
        ]
      : params.list === 'disconnect'
        ? [
            { action: 'disconnect', needsPackage: true },
            { action: 'cancelAgreement', needsPackage: false },
          ]
        : [{ action: 'connectFree', needsPackage: true }];

  return (
    <PageFrame block="services" texts="services" testId="services-page" state={state} ready={isReady}>
      <nav className="services__tabs" aria-label={t('services.lists.label')}>
        {EMPLOYEE_LISTS.map((list) => (
          <Link
            key={list}
            href={`/services?${addonsSearch({ ...params, list, soc: null, q: '', page: 1 })}`}
            className={list === params.list ? 'services__tab services__tab--on' : 'services__tab'}
            aria-current={list === params.list ? 'page' : undefined}
            data-testid={`services-list-${list}`}
          >
            {t(`services.lists.${list}`)}
          </Link>
        ))}
      </nav>

      <Catalogue params={params} onChoose={(soc) => go({ ...params, soc })} />

      <Employees params={params} onChange={go} />

      <fieldset className="services__actions">
        <legend className="visually-hidden">{t('services.actions.label')}</legend>
        <p className="services__selected" data-testid="services-selected" aria-live="polite">
          {t('services.selected', { count: selected.length })}
        </p>
        {actions.map(({ action, needsPackage }) => (
          <button
            key={action}
            type="button"
            className={needsPackage ? 'btn' : 'btn btn--secondary'}
            data-testid={`services-action-${action}`}
            disabled={!(needsPackage ? ready.withPackage : ready.numbers) || payerBan === ''}
            onClick={() => navigate(checkoutHref(params, { page: params.page, payerBan, action }))}
          >
            {t(`services.actions.${action}`)}
            {needsPackage && chosen ? ` «${chosen.name}»` : ''}
          </button>
        ))}
        {ready.numbers && !ready.withPackage && params.list !== 'promo' ? (
          <p className="services__hint">{t('services.choosePackageFirst')}</p>
        ) : null}
      </fieldset>

      <OptionsPanel />
    </PageFrame>
  );
}

/** The skeleton's cards (a group's packages fill one row at a laptop's width) and the facts each card lists. */
const SKELETON_PACKAGES = [1, 2, 3, 4] as const;
const FACT_ROWS = ['volume', 'price', 'period'] as const;

/** Group tabs and the group's package cards (name, volume, price, period); one may be chosen (into the URL). */
function Catalogue({ params, onChoose }: { params: AddonsParams; onChoose: (soc: string) => void }) {
  const { t } = useTranslation();
  const lang = usePageLang();
  const actor = AddonsContext.useActorRef();
  const { packages, chosen, loading, error, retry } = useWorkflow(actor, connectCatalogue);
  const volume = useVolumeText();
  return (
    <section className="services__catalogue" aria-labelledby="services-packages-title">
      <h2 id="services-packages-title">{t('services.internetPackages')}</h2>
      {params.list === 'promo' ? null : (
        <nav className="services__groups" aria-label={t('services.groups.label')}>
          {IP_GROUPS.map((group) => (
            <Link
              key={group}
              href={`/services?${addonsSearch({ ...params, group, soc: null, page: 1 })}`}
              className={group === params.group ? 'services__tab services__tab--on' : 'services__tab'}
              aria-current={group === params.group ? 'page' : undefined}
              data-testid={`services-group-${group}`}
            >
              {t(`services.groups.${group}`)}
            </Link>
          ))}
        </nav>
      )}
      {error ? (
        <ErrorRetry
          code={error}
          title={t('services.catalogueFailed')}
          testId="services-catalogue-error"
          {...(retry ? { onRetry: () => actor.send({ type: 'catalogue.retry' }) } : {})}
        />
      ) : loading ? (
        // cards of the real size in the one row the packages take: the packages fill it, the list under it stays put
        <ul
          className="services__packages"
          role="status"
          aria-busy="true"
          aria-label={t('app.loading')}
          data-testid="services-catalogue-loading"
        >
          {SKELETON_PACKAGES.map((n) => (
            <li key={n} className="services__package services__package--skeleton" aria-hidden="true">
              <h3 className="services__package-name">&nbsp;</h3>
              <dl className="services__package-facts">
                {FACT_ROWS.map((row) => (
                  <div key={row}>
                    <dt>&nbsp;</dt>
                    <dd>&nbsp;</dd>
                  </div>
                ))}
              </dl>
              {params.list === 'promo' ? null : <span className="btn btn--secondary">&nbsp;</span>}
            </li>
          ))}
        </ul>
      ) : packages.length === 0 ? (
        <p data-testid="services-packages">{t('services.empty')}</p>
      ) : (
        <ul className="services__packages" data-testid="services-packages">
          {packages.map((p) => (
            <PackageCard
              key={p.soc}
              pkg={p}
              chosen={chosen?.soc === p.soc}
              volume={volume(p.volumeMb)}
              price={p.isFree ? t('services.free') : formatSum(p.price, { lang })}
              onChoose={params.list === 'promo' ? null : () => onChoose(p.soc)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function PackageCard({
  pkg,
  chosen,
  volume,
  price,
  onChoose,
}: {
  pkg: ServicePackage;
  chosen: boolean;
  volume: string;
  price: string;
  onChoose: (() => void) | null;
}) {
  const { t } = useTranslation();
  return (
    <li
      className={chosen ? 'services__package services__package--chosen' : 'services__package'}
      data-testid={`services-package-${pkg.soc}`}
    >
      <h3 className="services__package-name">{pkg.name}</h3>
      <dl className="services__package-facts">
        <div>
          <dt>{t('services.volume')}</dt>
          <dd>{volume}</dd>
        </div>
        <div>
          <dt>{t('services.price')}</dt>
          <dd>{price}</dd>
        </div>
        <div>
          <dt>{t('services.period')}</dt>
          <dd>{t('services.periodDays', { count: pkg.periodDays })}</dd>
        </div>
      </dl>
      {onChoose ? (
        <button
          type="button"
          className={chosen ? 'btn' : 'btn btn--secondary'}
          aria-pressed={chosen}
          data-testid={`services-choose-${pkg.soc}`}
          onClick={onChoose}
        >
          {chosen ? t('services.chosen') : t('services.choose')}
          <span className="visually-hidden"> {pkg.name}</span>
        </button>
      ) : null}
    </li>
  );
}

/** Search (applied on submit), the table of numbers with checkboxes, selection bar and pagination. */
function Employees({ params, onChange }: { params: AddonsParams; onChange: (p: AddonsParams) => void }) {
  const { t } = useTranslation();
  const actor = AddonsContext.useActorRef();
  const {
    shown,
    loading,
    error,
    retry,
    selected,
    selectingAll,
    selectionError,
    selectionRetry,
    canSelectAll,
    catalogueError,
  } = useWorkflow(actor, connectEmployees);
  const chosenSet = new Set(selected);
  const rows = shown?.rows ?? [];
  const pageSns = rows.map((r) => r.sn);
  const allOnPage = pageSns.length > 0 && pageSns.every((sn) => chosenSet.has(sn));

  const onSearch = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = String(new FormData(e.currentTarget).get('q') ?? '');
    onChange({ ...params, q: q.trim(), page: 1 });
  };

  return (
    <section className="services__employees" aria-labelledby="services-employees-title">
      <h2 id="services-employees-title">{t('services.employees')}</h2>
      <form className="services__search" aria-label={t('services.search')} onSubmit={onSearch}>
        <label className="services__field">
          <span>{t('services.search')}</span>
          <input
            key={params.q}
            name="q"
            type="search"
            defaultValue={params.q}
            maxLength={50}
            autoComplete="off"
            data-testid="services-search"
          />
        </label>
        <button type="submit" className="btn btn--secondary">
          {t('services.searchButton')}
        </button>
      </form>

      {error ? (
        <ErrorRetry
          code={error}
          title={t('services.listFailed')}
          testId="services-employees-error"
          {...(retry ? { onRetry: () => actor.send({ type: 'employees.retry' }) } : {})}
        />
      ) : null}
      {selectionError ? (
        <div className="alert-error" role="alert" data-testid="services-selection-error">
          <span>
            {t('services.selectAllFailed')} {formatErrorMessage(t, selectionError)}
          </span>
          {selectionRetry ? (
            <SendButton actor={actor} event="selection.all">
              {t('app.retry')}
            </SendButton>
          ) : null}
          <SendButton actor={actor} event="selection.dismiss" className="btn btn--link">
            {t('app.close')}
          </SendButton>
        </div>
      ) : null}

      {shown ? (
        <>
          <div className="services__selection">
            <p className="services__total" data-testid="services-total">
              {t('services.total', { count: shown.total })}
            </p>
            <SendButton
              actor={actor}
              event="selection.all"
              className="btn btn--secondary"
              testId="services-select-all"
              disabled={!canSelectAll}
              busy={selectingAll}
            >
              {t('services.selectAll', { count: shown.total })}
            </SendButton>
            <SendButton
              actor={actor}
              event="selection.clear"
              className="btn btn--link"
              testId="services-clear"
              disabled={selected.length === 0}
            >
              {t('services.clearSelection')}
            </SendButton>
          </div>
          {rows.length === 0 ? (
            <p data-testid="services-no-employees">{t('services.noEmployees')}</p>
          ) : (
            <div className="services__table-wrap">
              <table
                className="services__table table-cards table-cards--head"
                aria-busy={loading}
                data-testid="services-employees"
              >
                <thead>
                  <tr>
                    <th scope="col">
                      {/* on a phone the header row is this box alone, so it says what it does (docs/decisions.md EM6) */}
                      <label className="services__select-page">
                        <input
                          type="checkbox"
                          aria-label={t('services.selectPage')}
                          data-testid="services-select-page"
                          checked={allOnPage}
                          onChange={(e) =>
                            actor.send({
                              type: 'selection.toggle',
                              sns: pageSns,
                              on: e.currentTarget.checked,
                            })
                          }
                        />
                        <span className="services__select-page-text" aria-hidden="true">
                          {t('services.selectPage')}
                        </span>
                      </label>
                    </th>
                    <th scope="col">{t('services.columns.number')}</th>
                    <th scope="col">{t('services.columns.name')}</th>
                    <th scope="col">{t('services.columns.packages')}</th>
                    <th scope="col">{t('services.columns.roaming')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('services.columns.options')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <EmployeeLine
                      key={r.sn}
                      row={r}
                      checked={chosenSet.has(r.sn)}
                      onToggle={(on) => actor.send({ type: 'selection.toggle', sns: [r.sn], on })}
                      onOptions={() =>
                        actor.send({ type: 'options.open', sn: r.sn, pricePlan: r.pricePlan ?? '' })
                      }
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination
            page={params.page}
            pages={shown.totalPages}
            onPage={(page) => onChange({ ...params, page })}
            testId="services-list"
            withGoTo
            label={t('services.pages.label')}
          />
        </>
      ) : error || catalogueError ? null : (
        <p aria-busy="true" data-testid="services-employees">
          {t('app.loading')}
        </p>
      )}
    </section>
  );
}

function EmployeeLine({
  row,
  checked,
  onToggle,
  onOptions,
}: {
  row: EmployeeRow;
  checked: boolean;
  onToggle: (on: boolean) => void;
  onOptions: () => void;
}) {
  const { t } = useTranslation();
  const number = phoneWord(row.sn);
  return (
    <tr data-testid={`services-row-${row.sn}`} aria-selected={checked}>
      <td>
        <input
          type="checkbox"
          aria-label={t('services.selectRow', { number })}
          data-testid={`services-check-${row.sn}`}
          checked={checked}
          onChange={(e) => onToggle(e.currentTarget.checked)}
        />
      </td>
      <td className="services__number">{number}</td>
      <td data-label={t('services.columns.name')}>
        {row.name ?? <span className="services__muted">{t('services.noName')}</span>}
      </td>
      <td data-label={t('services.columns.packages')} data-testid={`services-packages-${row.sn}`}>
        {row.packages.length === 0 ? t('services.none') : row.packages.map((p) => p.name).join(', ')}
      </td>
      <td data-label={t('services.columns.roaming')} data-testid={`services-roaming-${row.sn}`}>
        {row.roaming ? t('services.roamingOn') : t('services.roamingOff')}
      </td>
      <td>
        <button
          type="button"
          className="btn btn--link"
          data-testid={`services-options-${row.sn}`}
          onClick={onOptions}
        >
          {t('services.options')}
          <span className="visually-hidden"> {number}</span>
        </button>
      </td>
    </tr>
  );
}

/** One number's options: the packages its price plan may take, the connected ones marked. */
function OptionsPanel() {
  const { t } = useTranslation();
  const lang = usePageLang();
  const actor = AddonsContext.useActorRef();
  const { phase, forNumber, options, error, retry } = useWorkflow(actor, connectOptions);
  const volume = useVolumeText();
  if (phase === 'closed' || !forNumber) return null;
  return (
    <section
      className="services__options"
      aria-labelledby="services-options-title"
      data-testid="services-options"
    >
      <div className="services__options-head">
        <h2 id="services-options-title">{t('services.optionsOf', { number: phoneWord(forNumber.sn) })}</h2>
        <SendButton
          actor={actor}
          event="options.close"
          className="btn btn--link"
          testId="services-options-close"
        >
          {t('app.close')}
        </SendButton>
      </div>
      {phase === 'loading' ? <p aria-busy="true">{t('app.loading')}</p> : null}
      {error ? (
        <ErrorRetry
          code={error}
          title={t('services.optionsFailed')}
          testId="services-options-error"
          {...(retry ? { onRetry: () => actor.send({ type: 'options.retry' }) } : {})}
        />
      ) : null}
      {options ? (
        <ul className="services__options-list" data-testid="services-options-list">
          {options.packages.map((p) => (
            <li key={p.soc} data-testid={`services-option-${p.soc}`} data-connected={p.connected}>
              <strong>{p.name}</strong> — {volume(p.volumeMb)},{' '}
              {p.isFree ? t('services.free') : formatSum(p.price, { lang })},{' '}
              {t('services.periodDays', { count: p.periodDays })}
              {p.connected ? <span className="services__badge"> {t('services.optionConnected')}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
