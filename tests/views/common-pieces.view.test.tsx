// @vitest-environment jsdom
/**
 * The shared view pieces of src/views/common (PageFrame, Tabs, Pagination, FormField, ErrorRetry, DateRange, ColumnHeads): what a user and a
 * screen reader get from each, in both languages.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { type ChartContext, chartPage } from '@/views/common/chart-page.view';
import { ColumnHeads } from '@/views/common/column-heads.view';
import { ConfirmDialog } from '@/views/common/confirm-dialog.view';
import { DateRange, type DateRangeValue, forgetBrowserDayOrder } from '@/views/common/date-range.view';
import { ErrorDialog } from '@/views/common/error-dialog.view';
import { ErrorRetry } from '@/views/common/error-retry.view';
import { ExportButtons, ExportStatus, RefreshExportActions } from '@/views/common/export-status.view';
import { FormField, TextField } from '@/views/common/form-field.view';
import { PageFrame } from '@/views/common/page-frame.view';
import { clampPage, Pagination } from '@/views/common/pagination.view';
import { ScrollRegion } from '@/views/common/scroll-region.view';
import { SendButton, SubmitButton } from '@/views/common/send-button.view';
import { listMoveHandlers, listMoveTexts } from '@/views/common/status-move-dialog.view';
import { TabList, Tabs, tabPanelProps } from '@/views/common/tabs.view';
import { type TestLogic, TestProviders } from '../support/render-workflow';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('ru');
});

const wrap = (ui: ReactNode) => render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);

const ITEMS = [
  { key: 'a', label: 'Первая' },
  { key: 'b', label: 'Вторая' },
  { key: 'c', label: 'Третья' },
] as const;
type Key = (typeof ITEMS)[number]['key'];

function StatefulTabs({ orientation }: { orientation?: 'horizontal' | 'vertical' }) {
  const [selected, setSelected] = useState<Key>('a');
  return (
    <Tabs
      label="Разделы"
      items={ITEMS}
      selected={selected}
      onSelect={setSelected}
      idBase="t"
      orientation={orientation}
    >
      <p>Содержимое {selected}</p>
    </Tabs>
  );
}

describe('Tabs: the WAI-ARIA tabs pattern', () => {
  it('names the list, links each tab to the panel and the panel to the selected tab', () => {
    wrap(<StatefulTabs />);
    const list = screen.getByRole('tablist', { name: 'Разделы' });
    const tabs = within(list).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Первая', 'Вторая', 'Третья']);
    const panel = screen.getByRole('tabpanel');
    for (const tab of tabs) expect(tab.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[0]?.id);
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
  });

  it('keeps only the selected tab in the Tab order (roving tabindex)', async () => {
    const user = userEvent.setup();
    wrap(<StatefulTabs />);
    await user.click(screen.getByRole('tab', { name: 'Вторая' }));
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, 0, -1]);
    expect(screen.getByRole('tabpanel').textContent).toBe('Содержимое b');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('t-tab-b');
  });

  it('moves and selects with the arrow keys (wrapping), Home and End; focus follows', async () => {
    const user = userEvent.setup();
    wrap(<StatefulTabs />);
    await user.click(screen.getByRole('tab', { name: 'Первая' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Вторая' }));
    expect(screen.getByRole('tab', { name: 'Вторая' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Первая' }));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Третья' }));
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Первая' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Третья' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Содержимое c');
  });

  it('a vertical list answers Up/Down; a horizontal one ignores them', async () => {
    const user = userEvent.setup();
    wrap(<StatefulTabs orientation="vertical" />);
    expect(screen.getByRole('tablist').getAttribute('aria-orientation')).toBe('vertical');
    await user.click(screen.getByRole('tab', { name: 'Первая' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Вторая' }));
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Третья' }));
    cleanup();
    wrap(<StatefulTabs />);
    await user.click(screen.getByRole('tab', { name: 'Первая' }));
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('tab', { name: 'Первая' }).getAttribute('aria-selected')).toBe('true');
  });

  it('a click on the selected tab does not select it again; the split form links list and panel too', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    wrap(
      <>
        <TabList label="Статусы" items={ITEMS} selected="b" onSelect={onSelect} idBase="s" tabTestId="st" />
        <section {...tabPanelProps('s', 'b')}>x</section>
      </>,
    );
    await user.click(screen.getByTestId('st-b'));
    expect(onSelect).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('st-c'));
    expect(onSelect).toHaveBeenCalledWith('c');
    expect(screen.getByRole('tabpanel', { name: 'Вторая' }).id).toBe(
      screen.getByTestId('st-b').getAttribute('aria-controls'),
    );
  });
});

describe('Pagination: page N of M, real buttons, clamped', () => {
  it.each([
    [1, 5, 1],
    [5, 5, 5],
    [9, 5, 5],
    [0, 5, 1],
    [-3, 5, 1],
    [3, 0, 1],
    [Number.NaN, 4, 1],
  ])('clampPage(%s, %s) = %s', (page, pages, expected) => {
    expect(clampPage(page, pages)).toBe(expected);
  });

  it('says the page in each language and disables prev on the first page', async () => {
    wrap(<Pagination page={1} pages={3} onPage={() => {}} testId="x" />);
    expect(screen.getByRole('navigation', { name: 'Страницы' })).toBeTruthy();
    expect(screen.getByTestId('x-page').textContent).toBe('Страница 1 из 3');
    const prev = screen.getByRole('button', { name: 'Предыдущая страница' });
    expect((prev as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Следующая страница' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    cleanup();
    await i18n.changeLanguage('uz');
    wrap(<Pagination page={2} pages={3} onPage={() => {}} testId="x" />);
    expect(screen.getByTestId('x-page').textContent).toBe('3 sahifadan 2-sahifa');
    expect(screen.getByRole('button', { name: 'Keyingi sahifa' })).toBeTruthy();
  });

  it('prev/next ask for the neighbouring page; next is disabled on the last', async () => {
    const user = userEvent.setup();
    const onPage = vi.fn();
    wrap(<Pagination page={2} pages={3} onPage={onPage} testId="x" />);
    await user.click(screen.getByTestId('x-next'));
    await user.click(screen.getByTestId('x-prev'));
    expect(onPage.mock.calls).toEqual([[3], [1]]);
    cleanup();
    wrap(<Pagination page={3} pages={3} onPage={onPage} testId="x" />);
    expect((screen.getByTestId('x-next') as HTMLButtonElement).disabled).toBe(true);
  });

  it('a page beyond the last (an old URL) shows the last and prev leads to the last existing page', async () => {
    const user = userEvent.setup();
    const onPage = vi.fn();
    wrap(<Pagination page={9} pages={3} onPage={onPage} testId="x" />);
    expect(screen.getByTestId('x-page').textContent).toBe('Страница 3 из 3');
    await user.click(screen.getByTestId('x-prev'));
    expect(onPage).toHaveBeenCalledWith(3);
  });

  it('the page field clamps what is typed and ignores what is not a number', async () => {
    const user = userEvent.setup();
    const onPage = vi.fn();
    wrap(<Pagination page={2} pages={4} onPage={onPage} testId="x" withGoTo />);
    const field = screen.getByLabelText('Перейти на страницу');
    await user.clear(field);
    await user.type(field, '40{Enter}');
    await user.clear(field);
    await user.type(field, 'abc{Enter}');
    await user.clear(field);
    await user.type(field, '1');
    await user.click(screen.getByRole('button', { name: 'Перейти' }));
    expect(onPage.mock.calls).toEqual([[4], [1]]);
  });

  it('renders nothing for a single page', () => {
    wrap(<Pagination page={1} pages={1} onPage={() => {}} testId="x" />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

function ControlledField({ error }: { error: string | null }) {
  const [value, setValue] = useState('');
  return (
    <FormField name="login" label="Логин" error={error} hint="Латиницей" required>
      {(control) => <input {...control} value={value} onChange={(e) => setValue(e.currentTarget.value)} />}
    </FormField>
  );
}

describe('FormField: label, translated error by aria-describedby, aria-invalid, typed value kept', () => {
  it('names the control by its label and describes it by its hint', () => {
    wrap(<ControlledField error={null} />);
    const input = screen.getByRole('textbox', { name: /Логин/ });
    expect(input.getAttribute('name')).toBe('login');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-required')).toBe('true');
    const described = input.getAttribute('aria-describedby') ?? '';
    expect(described.split(' ').map((id) => document.getElementById(id)?.textContent)).toEqual(['Латиницей']);
  });

  it('an error code shows its text in the page language, linked to the input, and keeps what was typed', async () => {
    const user = userEvent.setup();
    const view = wrap(<ControlledField error={null} />);
    const input = screen.getByRole('textbox', { name: /Логин/ });
    await user.type(input, 'ivanов');
    view.rerender(
      <I18nextProvider i18n={i18n}>
        <ControlledField error="validation.latinOnly" />
      </I18nextProvider>,
    );
    const same = screen.getByRole('textbox', { name: /Логин/ });
    expect(same).toBe(input);
    expect((same as HTMLInputElement).value).toBe('ivanов');
    expect(same.getAttribute('aria-invalid')).toBe('true');
    const ids = (same.getAttribute('aria-describedby') ?? '').split(' ');
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Латиницей',
      'ввод должен быть исключительно латиницей',
    ]);
    expect(screen.getByTestId('error-login').textContent).toBe('ввод должен быть исключительно латиницей');
    await i18n.changeLanguage('uz');
    expect(await screen.findByText('kiritish faqat lotin harflarida boʻlishi kerak')).toBeTruthy();
  });

  it('TextField passes input props through and a catalogue code is translated too', () => {
    wrap(<TextField name="tin" label="ИНН" error="E026" defaultValue="123" inputMode="numeric" />);
    const input = screen.getByRole('textbox', { name: 'ИНН' }) as HTMLInputElement;
    expect(input.value).toBe('123');
    expect(input.inputMode).toBe('numeric');
    expect(screen.getByTestId('error-tin').textContent).toBe(i18n.t('errors.E026'));
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByTestId('error-tin').id);
  });

  it('works with a select', () => {
    wrap(
      <FormField name="role" label="Роль" error="validation.required">
        {(control) => (
          <select {...control} defaultValue="">
            <option value="">—</option>
          </select>
        )}
      </FormField>,
    );
    const select = screen.getByRole('combobox', { name: 'Роль' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(select.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Обязательное поле',
    );
  });
});

describe('ErrorRetry: the translated error and a Retry button', () => {
  it('says what failed and why, and Retry sends the retry', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    wrap(
      <ErrorRetry
        code="network"
        title="Не удалось загрузить список."
        onRetry={onRetry}
        testId="list-error"
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(`Не удалось загрузить список. ${i18n.t('errors.network')}`);
    await user.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('in Uzbek; an unknown code reads as E001; no button when retrying cannot help; busy disables it', async () => {
    await i18n.changeLanguage('uz');
    const view = wrap(<ErrorRetry code="no-such-code" onRetry={() => {}} busy />);
    expect(screen.getByRole('alert').textContent).toContain(i18n.t('errors.E001'));
    expect((screen.getByRole('button', { name: 'Qayta urinish' }) as HTMLButtonElement).disabled).toBe(true);
    view.rerender(
      <I18nextProvider i18n={i18n}>
        <ErrorRetry code="E030" />
      </I18nextProvider>,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(i18n.t('errors.E030'));
  });
});

function ControlledRange({ error }: { error: string | null }) {
  const [value, setValue] = useState<DateRangeValue>({ from: '', to: '' });
  return (
    <>
      <DateRange
        legend="Период"
        name="period"
        value={value}
        onChange={setValue}
        error={error}
        testId="period"
      />
      <output data-testid="value">{`${value.from}|${value.to}`}</output>
    </>
  );
}

describe('DateRange: a labelled from/to pair with one translated error', () => {
  it('labels both dates within the named group and reports what is entered', async () => {
    const user = userEvent.setup();
    wrap(<ControlledRange error={null} />);
    const group = screen.getByRole('group', { name: 'Период' });
    const from = within(group).getByLabelText('С') as HTMLInputElement;
    const to = within(group).getByLabelText('По') as HTMLInputElement;
    expect([from.type, from.name, to.name]).toEqual(['date', 'periodFrom', 'periodTo']);
    await user.type(from, '2025-01-01');
    await user.type(to, '2025-01-31');
    expect(screen.getByTestId('value').textContent).toBe('2025-01-01|2025-01-31');
  });

  it.each([
    ['ru', 'validation.dateRange', 'Выберите начальную и конечную дату'],
    ['ru', 'validation.badDate', 'Некорректная дата'],
    ['uz', 'validation.dateRange', 'Boshlangʻich va yakuniy sanani tanlang'],
  ])('%s %s: the text is linked to both inputs and marks them invalid', async (lang, code, text) => {
    await i18n.changeLanguage(lang);
    wrap(<ControlledRange error={code} />);
    const error = screen.getByTestId('period-error');
    expect(error.textContent).toBe(text);
    for (const id of ['period-from', 'period-to']) {
      const input = screen.getByTestId(id);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-describedby')).toBe(error.id);
    }
  });

  describe("the chosen days said again in the portal's order, for a browser that writes days its own way (TZ2)", () => {
    const browserIn = (language: string) => {
      vi.spyOn(navigator, 'language', 'get').mockReturnValue(language);
      forgetBrowserDayOrder();
    };
    afterEach(() => {
      vi.restoreAllMocks();
      forgetBrowserDayOrder();
    });

    it.each([
      ['ru', 'Выбран период: 01.01.2025 – 31.01.2025'],
      ['uz', 'Tanlangan davr: 01.01.2025 – 31.01.2025'],
    ])('en-US, %s: once both days are real ones', async (lang, text) => {
      browserIn('en-US');
      await i18n.changeLanguage(lang);
      const user = userEvent.setup();
      wrap(<ControlledRange error={null} />);
      await user.type(screen.getByTestId('period-from'), '2025-01-01');
      expect(screen.queryByTestId('period-chosen')).toBeNull();
      await user.type(screen.getByTestId('period-to'), '2025-01-31');
      expect(screen.getByTestId('period-chosen').textContent).toBe(text);
    });

    it('a browser that writes days as the portal does (ru) gets no second line', async () => {
      browserIn('ru-RU');
      const user = userEvent.setup();
      wrap(<ControlledRange error={null} />);
      await user.type(screen.getByTestId('period-from'), '2025-01-01');
      await user.type(screen.getByTestId('period-to'), '2025-01-31');
      expect(screen.getByTestId('value').textContent).toBe('2025-01-01|2025-01-31');
      expect(screen.queryByTestId('period-chosen')).toBeNull();
    });

    it('uncontrolled: the default days, then what is typed, then a new default (Back) again', async () => {
      browserIn('en-US');
      const user = userEvent.setup();
      const { rerender } = wrap(
        <DateRange legend="Дата" name="d" defaultValue={{ from: '2025-03-01', to: '2025-03-31' }} />,
      );
      const chosen = () => screen.queryByTestId('date-range-chosen')?.textContent ?? null;
      expect(chosen()).toBe('Выбран период: 01.03.2025 – 31.03.2025');
      const to = screen.getByTestId('date-range-to');
      await user.clear(to);
      expect(chosen()).toBeNull();
      await user.type(to, '2025-04-15');
      expect(chosen()).toBe('Выбран период: 01.03.2025 – 15.04.2025');
      rerender(
        <I18nextProvider i18n={i18n}>
          <DateRange legend="Дата" name="d" defaultValue={{ from: '2025-02-01', to: '2025-02-28' }} />
        </I18nextProvider>,
      );
      expect(chosen()).toBe('Выбран период: 01.02.2025 – 28.02.2025');
    });
  });

  it('uncontrolled: starts from the default value (a filter read on submit)', () => {
    wrap(<DateRange legend="Дата" name="d" defaultValue={{ from: '2025-03-01', to: '' }} />);
    expect((screen.getByTestId('date-range-from') as HTMLInputElement).value).toBe('2025-03-01');
    expect((screen.getByTestId('date-range-to') as HTMLInputElement).value).toBe('');
    expect(screen.queryByTestId('date-range-error')).toBeNull();
  });
});

describe('ExportButtons (AR20)', () => {
  const labels = { csv: 'Выгрузить CSV', xlsx: 'Выгрузить XLSX' };

  it('offers both formats as real buttons and sends the one pressed', async () => {
    const onExport = vi.fn();
    wrap(<ExportButtons testIdPrefix="x-export" labels={labels} exporting={null} onExport={onExport} />);
    const xlsx = screen.getByRole('button', { name: 'Выгрузить XLSX' });
    expect(xlsx.getAttribute('data-testid')).toBe('x-export-xlsx');
    expect(screen.getByTestId('x-export-csv').textContent).toBe('Выгрузить CSV');
    await userEvent.click(xlsx);
    expect(onExport).toHaveBeenCalledWith('xlsx');
  });

  it('while a file is prepared every button is disabled and the chosen one busy; `disabled` also disables', () => {
    const { rerender } = wrap(
      <ExportButtons testIdPrefix="x-export" labels={labels} exporting="csv" onExport={() => {}} />,
    );
    const csv = screen.getByTestId('x-export-csv') as HTMLButtonElement;
    const xlsx = screen.getByTestId('x-export-xlsx') as HTMLButtonElement;
    expect([csv.disabled, xlsx.disabled]).toEqual([true, true]);
    expect([csv.getAttribute('aria-busy'), xlsx.getAttribute('aria-busy')]).toEqual(['true', 'false']);
    rerender(
      <I18nextProvider i18n={i18n}>
        <ExportButtons
          testIdPrefix="x-export"
          labels={labels}
          exporting={null}
          disabled
          onExport={() => {}}
        />
      </I18nextProvider>,
    );
    expect((screen.getByTestId('x-export-csv') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('x-export-csv').getAttribute('aria-busy')).toBe('false');
  });
});

describe('RefreshExportActions: Refresh, then the export buttons, in one row', () => {
  const labels = { refresh: 'Обновить', csv: 'Выгрузить CSV', xlsx: 'Выгрузить XLSX' };

  it('renders the row with its class, Refresh first, and sends what was pressed', async () => {
    const onRefresh = vi.fn();
    const onExport = vi.fn();
    const { container } = wrap(
      <RefreshExportActions
        className="x__actions"
        testIdBase="x"
        labels={labels}
        exporting={null}
        onRefresh={onRefresh}
        onExport={onExport}
      />,
    );
    const row = container.firstElementChild as HTMLElement;
    expect(row.className).toBe('x__actions');
    expect([...row.querySelectorAll('button')].map((b) => b.getAttribute('data-testid'))).toEqual([
      'x-refresh',
      'x-export-csv',
      'x-export-xlsx',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByTestId('x-export-csv'));
    expect(onExport).toHaveBeenCalledWith('csv');
  });

  it('while a file is prepared the export buttons are disabled, Refresh is not', () => {
    wrap(
      <RefreshExportActions
        className="x__actions"
        testIdBase="x"
        labels={labels}
        exporting="xlsx"
        onRefresh={() => {}}
        onExport={() => {}}
      />,
    );
    expect((screen.getByTestId('x-refresh') as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByTestId('x-export-csv') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('x-export-xlsx').getAttribute('aria-busy')).toBe('true');
  });
});

describe('ExportStatus: the polite line while a file is prepared, then the failure with Close', () => {
  it('says the busy text, then the failure with its translated reason; Close sends the dismiss', async () => {
    const onDismiss = vi.fn();
    const props = {
      busyText: 'Готовим файл…',
      failedText: 'Не удалось выгрузить файл.',
      onDismiss,
      testId: 'x-error',
    };
    const { rerender } = wrap(<ExportStatus {...props} busy error={null} />);
    expect(screen.getByRole('status').textContent).toBe('Готовим файл…');
    expect(screen.getByRole('status').className).toBe('status-line');
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(
      <I18nextProvider i18n={i18n}>
        <ExportStatus {...props} busy={false} error="E001" />
      </I18nextProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('');
    const alert = screen.getByRole('alert');
    expect(alert.getAttribute('data-testid')).toBe('x-error');
    expect(alert.className).toBe('error-retry');
    expect(alert.textContent).toContain(`Не удалось выгрузить файл. ${i18n.t('errors.E001')}`);
    await userEvent.click(within(alert).getByRole('button', { name: i18n.t('app.close') }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('takes the page’s own classes for the line and the panel', () => {
    wrap(
      <ExportStatus
        busy
        busyText="…"
        error="E001"
        failedText="Ошибка."
        onDismiss={() => {}}
        testId="x-error"
        classes={{ line: 'x__notice', error: 'alert-error' }}
      />,
    );
    expect(screen.getByRole('status').className).toBe('x__notice');
    expect(screen.getByRole('alert').className).toBe('alert-error');
  });
});

describe('ScrollRegion: a named region in the Tab order, for a table that scrolls sideways', () => {
  it('is a region named by the heading it points to, or by its own label, that the keyboard reaches', async () => {
    wrap(
      <>
        <h2 id="x-title">Сотрудники</h2>
        <ScrollRegion className="x__scroll" labelledBy="x-title">
          <table />
        </ScrollRegion>
        <ScrollRegion className="y__scroll" label="Учётные записи">
          <table />
        </ScrollRegion>
      </>,
    );
    const byHeading = screen.getByRole('region', { name: 'Сотрудники' });
    const byLabel = screen.getByRole('region', { name: 'Учётные записи' });
    expect(byHeading.className).toBe('x__scroll');
    expect(byLabel.hasAttribute('aria-labelledby')).toBe(false);
    await userEvent.tab();
    expect(document.activeElement).toBe(byHeading);
    await userEvent.tab();
    expect(document.activeElement).toBe(byLabel);
  });
});

describe('ColumnHeads: a header row of column names', () => {
  const columns = ['id', 'date', 'total'] as const;
  function OrdersTable() {
    const { t } = useTranslation();
    return (
      <table>
        <ColumnHeads columns={columns} label={(c) => t(`orders.columns.${c}`)} />
        <tbody>
          <tr>
            <td>1</td>
            <td>2</td>
            <td>3</td>
          </tr>
        </tbody>
      </table>
    );
  }

  it('names each column in the order given, in the page language, as a column header of the table', async () => {
    wrap(<OrdersTable />);
    const names = () => screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(names()).toEqual(['Номер заказа', 'Дата', 'Сумма']);
    expect(screen.getAllByRole('columnheader').map((th) => th.getAttribute('scope'))).toEqual([
      'col',
      'col',
      'col',
    ]);
    await act(() => i18n.changeLanguage('uz'));
    expect(names()).toEqual(['Buyurtma raqami', 'Sana', 'Summa']);
  });
});

describe('PageFrame: a section named by its heading, the texts of its key, the actions beside them', () => {
  it('names the section by its h1 and reads the heading and the line under it from the page’s key, in both languages', async () => {
    wrap(
      <PageFrame block="debt" texts="debt" testId="page" state="shown" ready>
        <p>body</p>
      </PageFrame>,
    );
    const page = screen.getByTestId('page');
    expect(page.tagName).toBe('SECTION');
    expect(page.className).toBe('debt page');
    expect(page.dataset.state).toBe('shown');
    expect(page.dataset.ready).toBe('true');
    expect(page.hasAttribute('aria-busy')).toBe(false);
    expect(screen.getByRole('region', { name: i18n.getFixedT('ru')('debt.title') })).toBe(page);
    const head = page.querySelector('header.debt__head');
    expect(head?.querySelector('h1')?.id).toBe('debt-title');
    expect(head?.querySelector('p.debt__subtitle')?.textContent).toBe(i18n.getFixedT('ru')('debt.subtitle'));
    // without actions the heading stands in the head itself; the body follows the head
    expect(head?.firstElementChild?.tagName).toBe('H1');
    expect(head?.nextElementSibling?.textContent).toBe('body');
    await i18n.changeLanguage('uz');
    expect(
      await screen.findByRole('heading', { level: 1, name: i18n.getFixedT('uz')('debt.title') }),
    ).toBeTruthy();
  });

  it('groups the heading apart from the actions, keeps that layout while no action is shown, and says busy', () => {
    const { rerender } = wrap(
      <PageFrame block="docs" titleId="t1" title="Заказы" testId="page" state="loading" busy actions={null}>
        body
      </PageFrame>,
    );
    const page = screen.getByTestId('page');
    expect(page.getAttribute('aria-busy')).toBe('true');
    expect(page.getAttribute('aria-labelledby')).toBe('t1');
    expect(page.dataset.ready).toBeUndefined();
    const head = page.querySelector('header.docs__head');
    // a title given without a subtitle draws no line under it
    expect(head?.querySelector('.docs__subtitle')).toBeNull();
    expect(head?.children.length).toBe(1);
    expect(head?.firstElementChild?.tagName).toBe('DIV');
    rerender(
      <I18nextProvider i18n={i18n}>
        <PageFrame
          block="docs"
          titleId="t1"
          title="Заказы"
          subtitle="Все заказы компании"
          testId="page"
          state="ready"
          busy={false}
          actions={<button type="button">Обновить</button>}
        >
          body
        </PageFrame>
      </I18nextProvider>,
    );
    expect(page.getAttribute('aria-busy')).toBe('false');
    expect([...(head?.children ?? [])].map((c) => c.tagName)).toEqual(['DIV', 'BUTTON']);
    expect(head?.firstElementChild?.textContent).toBe('ЗаказыВсе заказы компании');
  });
});

describe('SendButton: a plain button that sends one event to the chart', () => {
  it('is a type=button with the btn class by default and sends its event on each press', async () => {
    const actor = { send: vi.fn() };
    wrap(
      <SendButton actor={actor} event={{ type: 'download.dismiss' }} testId="x-dismiss">
        Закрыть
      </SendButton>,
    );
    const button = screen.getByRole('button', { name: 'Закрыть' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toBe('btn');
    expect(button.getAttribute('data-testid')).toBe('x-dismiss');
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(button.hasAttribute('disabled')).toBe(false);
    await userEvent.click(button);
    await userEvent.click(button);
    expect(actor.send).toHaveBeenCalledTimes(2);
    expect(actor.send).toHaveBeenCalledWith({ type: 'download.dismiss' });
  });

  it("takes the page's classes, disabled and aria-busy as given", () => {
    const actor = { send: vi.fn() };
    wrap(
      <SendButton actor={actor} event={{ type: 'row.add' }} className="btn btn--secondary" disabled busy>
        Добавить
      </SendButton>,
    );
    const button = screen.getByRole('button', { name: 'Добавить' }) as HTMLButtonElement;
    expect(button.className).toBe('btn btn--secondary');
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });

  it('sends an event that carries nothing else from its type alone', async () => {
    const actor = { send: vi.fn() };
    wrap(
      <SendButton actor={actor} event="result.dismiss" className="btn btn--link">
        Закрыть
      </SendButton>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(actor.send).toHaveBeenCalledWith({ type: 'result.dismiss' });
  });
});

describe('ConfirmDialog: the question, Cancel first and the way forward last', () => {
  it('names the dialog, orders the buttons and calls back; Escape cancels', async () => {
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    wrap(
      <ConfirmDialog
        title="Удалить строку 2?"
        testId="x-dialog"
        cancelLabel="Отмена"
        confirmLabel="Удалить"
        cancelTestId="x-cancel"
        confirmTestId="x-ok"
        danger
        onCancel={onCancel}
        onConfirm={onConfirm}
      >
        <p>Строка 2 будет удалена.</p>
      </ConfirmDialog>,
    );
    const dialog = screen.getByTestId('x-dialog');
    expect(within(dialog).getByText('Строка 2 будет удалена.')).toBeTruthy();
    const buttons = [...dialog.querySelectorAll('.modal__actions button')];
    expect(buttons.map((b) => b.textContent)).toEqual(['Отмена', 'Удалить']);
    expect(buttons.map((b) => b.className)).toEqual(['btn btn--secondary', 'btn btn--danger']);
    expect(buttons.some((b) => b.hasAttribute('disabled') || b.hasAttribute('aria-busy'))).toBe(false);
    await userEvent.click(screen.getByTestId('x-ok'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByTestId('x-cancel'));
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('while the confirmed step runs both buttons are disabled and nothing cancels', async () => {
    const onCancel = vi.fn();
    wrap(
      <ConfirmDialog
        title="Перевести?"
        testId="x-dialog"
        cancelLabel="Отмена"
        confirmLabel="Переводим…"
        confirmTestId="x-ok"
        busy
        onCancel={onCancel}
        onConfirm={() => {}}
      >
        <p>Заказ 7</p>
      </ConfirmDialog>,
    );
    const ok = screen.getByTestId('x-ok') as HTMLButtonElement;
    expect(ok.className).toBe('btn');
    expect(ok.disabled).toBe(true);
    expect(ok.getAttribute('aria-busy')).toBe('true');
    expect((screen.getByRole('button', { name: 'Отмена' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });
});

describe("chartPage: the page's chart from the app's logic, its input, the view inside", () => {
  const seen: { logic: unknown; input: unknown }[] = [];
  const context: ChartContext<unknown> = {
    Provider: ({ logic, input, children }) => {
      seen.push({ logic, input });
      return <div data-testid="chart">{children}</div>;
    },
  };
  const View = () => <p>Вид страницы</p>;
  const logic = { id: 'orders-fake' };
  const fakes = { orders: logic } as unknown as Partial<TestLogic>;

  it('starts the picked logic without input, the view inside', async () => {
    seen.length = 0;
    const Page = chartPage(context, (l) => l.orders, View);
    render(
      <TestProviders fakes={fakes}>
        <Page />
      </TestProviders>,
    );
    expect(within(await screen.findByTestId('chart')).getByText('Вид страницы')).toBeTruthy();
    expect(seen.at(-1)).toEqual({ logic, input: undefined });
  });

  it("takes its input from the page's props (or the URL) through useInput", async () => {
    seen.length = 0;
    const Page = chartPage(
      context,
      (l) => l.orders,
      View,
      ({ page }: { page: number }) => ({ page }),
    );
    render(
      <TestProviders fakes={fakes}>
        <Page page={3} />
      </TestProviders>,
    );
    await screen.findByTestId('chart');
    expect(seen.at(-1)).toEqual({ logic, input: { page: 3 } });
  });
});

describe("listMoveTexts / listMoveHandlers: a list's status move, its texts and its chart's events", () => {
  it("reads the texts under the area's move keys, the title naming the item", () => {
    const texts = listMoveTexts(i18n.t, 'orders', 7);
    expect(texts.title).toBe(i18n.t('orders.moveTitle', { id: 7 }));
    expect(texts.title).toContain('7');
    expect(texts).toEqual({
      title: texts.title,
      cancel: i18n.t('orders.moveCancel'),
      confirm: i18n.t('orders.moveConfirm'),
      moving: i18n.t('orders.moving'),
      failed: i18n.t('orders.moveFailed'),
      again: i18n.t('orders.moveAgain'),
      stale: i18n.t('orders.moveStale'),
    });
    expect(listMoveTexts(i18n.t, 'newClient', 3).failed).toBe(i18n.t('newClient.moveFailed'));
  });

  it('sends status.confirm, status.cancel and status.dismiss', () => {
    const actor = { send: vi.fn() };
    const { onConfirm, onCancel, onDismiss } = listMoveHandlers(actor);
    onConfirm();
    onCancel();
    onDismiss();
    expect(actor.send.mock.calls.map(([e]) => e.type)).toEqual([
      'status.confirm',
      'status.cancel',
      'status.dismiss',
    ]);
  });
});

describe('ErrorDialog: the error with OK, nothing without an error', () => {
  it('renders nothing while the code is null, the dialog with OK once there is one', async () => {
    const onDismiss = vi.fn();
    const { container, rerender } = wrap(<ErrorDialog code={null} onDismiss={onDismiss} testId="x-failed" />);
    expect(container.innerHTML).toBe('');
    rerender(
      <I18nextProvider i18n={i18n}>
        <ErrorDialog code="E018" onDismiss={onDismiss} testId="x-failed" />
      </I18nextProvider>,
    );
    const dialog = screen.getByTestId('x-failed');
    await userEvent.click(within(dialog).getByRole('button', { name: i18n.t('app.ok') }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});

describe("SubmitButton: the form's submit, disabled and busy while its step runs", () => {
  it('submits the form when idle, with no aria-busy', async () => {
    const onSubmit = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    wrap(
      <form onSubmit={onSubmit}>
        <SubmitButton busy={false} testId="x-save">
          Сохранить
        </SubmitButton>
      </form>,
    );
    const button = screen.getByTestId('x-save') as HTMLButtonElement;
    expect(button.type).toBe('submit');
    expect(button.className).toBe('btn');
    expect(button.hasAttribute('aria-busy')).toBe(false);
    await userEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('is disabled and aria-busy while busy', () => {
    wrap(
      <SubmitButton busy testId="x-save">
        Сохранить
      </SubmitButton>,
    );
    const button = screen.getByTestId('x-save') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });
});
