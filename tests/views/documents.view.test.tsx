// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { i18n } from '@/i18n/i18n';
import { type DocumentsContent, type DocumentsInput, documentsMachine } from '@/machines/documents.machine';
import { type OrderCancelInput, orderCancelMachine } from '@/machines/order-cancel.machine';
import { uploadMachine } from '@/machines/upload.machine';
import { DocumentsContext } from '@/views/documents/documents.context';
import { DocumentView, OrderView } from '@/views/documents/documents.view';
import { details, order } from '../machines/documents.payloads';
import { onScreen } from '../support/phone-text';
import { renderWorkflow } from '../support/render-workflow';

const t = i18n.getFixedT('ru');

const answering = (content: DocumentsContent) =>
  documentsMachine.provide({
    actors: { fetchDocuments: fromPromise<DocumentsContent, DocumentsInput>(async () => content) },
  });

const idleUploader = () =>
  createActor(uploadMachine, { input: { target: { kind: 'document', id: '52' } } }).start();

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('ru'));
});

describe('DocumentView', () => {
  it('shows the type, status, whole text as text and the PDF button; no upload for an accepted document', async () => {
    const withTag = {
      ...details,
      content: [...details.content, { kind: 'small' as const, text: '<b>не HTML</b>' }],
    };
    renderWorkflow(
      <DocumentsContext.Provider
        logic={answering({ kind: 'document', document: withTag })}
        input={{ route: { page: 'document', id: '52', section: 'suspend', lang: 'ru' } }}
      >
        <DocumentView backHref="/onlinee-sales?tab=suspend" uploader={idleUploader()} />
      </DocumentsContext.Provider>,
    );
    await waitFor(() => expect(screen.getByTestId('documents-page').dataset.state).toBe('ready'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t('documents.types.7'));
    expect(screen.getByTestId('document-status').textContent).toBe(t('documents.status.1'));
    const text = screen.getByTestId('document-text');
    // a number the server's text quotes is one word on screen (docs/decisions.md EM7)
    expect(text.textContent).toContain(onScreen('Просим заблокировать номера: +998 90 111 22 33.'));
    expect(text.textContent).toContain('<b>не HTML</b>');
    expect(text.querySelector('b')).toBeNull();
    expect(screen.getByTestId('document-pdf-start').textContent).toBe(t('documents.download'));
    expect(screen.queryByTestId('upload')).toBeNull();
    expect(screen.queryByTestId('document-scan')).toBeNull();
  });

  it('a document waiting for a scan offers the upload; one with a scan offers its download; status 2 says why', async () => {
    renderWorkflow(
      <DocumentsContext.Provider
        logic={answering({
          kind: 'document',
          document: { ...details, status: 2, statusMessage: 'Скан не читается', hasFile: true },
        })}
        input={{ route: { page: 'document', id: '52', section: 'services', lang: 'ru' } }}
      >
        <DocumentView backHref="/onlinee-sales" uploader={idleUploader()} />
      </DocumentsContext.Provider>,
    );
    await waitFor(() => expect(screen.getByTestId('upload')).toBeTruthy());
    expect(screen.getByTestId('document-status').textContent).toBe(t('documents.status.2'));
    expect(screen.getByTestId('documents-content').textContent).toContain(
      t('documents.statusMessage', { message: 'Скан не читается' }),
    );
    expect(screen.getByTestId('document-scan-start').textContent).toBe(t('documents.delivery'));
  });
});

describe('DocumentView: why a scan was refused (DOC20)', () => {
  const refused = (statusReason: 'unreadable' | null, statusMessage: string | null) =>
    renderWorkflow(
      <DocumentsContext.Provider
        logic={answering({
          kind: 'document',
          document: { ...details, status: 2, statusReason, statusMessage, hasFile: true },
        })}
        input={{ route: { page: 'document', id: '52', section: 'services', lang: 'uz' } }}
      >
        <DocumentView backHref="/uz/onlinee-sales" uploader={idleUploader()} />
      </DocumentsContext.Provider>,
    );

  it('on the uz page a known reason code is shown in Uzbek, not the server’s Russian text', async () => {
    await act(() => i18n.changeLanguage('uz'));
    refused('unreadable', 'Скан не читается: загрузите его ещё раз');
    const reason = await screen.findByTestId('document-status-reason');
    const uz = i18n.getFixedT('uz');
    expect(reason.textContent).toBe(
      uz('documents.statusMessage', { message: uz('documents.statusReasons.unreadable') }),
    );
    expect(reason.textContent).toBe('Sababi: skan oʻqilmaydi, uni qaytadan yuklang');
    // the status line (the document's own text is as issued, here in Russian)
    expect(reason.parentElement?.textContent).not.toMatch(/[А-Яа-яЁё]/);
  });

  it('without a code the backend’s own text is shown, as plain text', async () => {
    await act(() => i18n.changeLanguage('uz'));
    refused(null, '<b>Hujjat</b> qabul qilinmadi');
    const reason = await screen.findByTestId('document-status-reason');
    expect(reason.textContent).toBe('Sababi: <b>Hujjat</b> qabul qilinmadi');
    expect(reason.querySelector('b')).toBeNull();
  });
});

describe('OrderView (DocumentsView)', () => {
  it('lists the order’s documents with their types, statuses and PDF buttons', async () => {
    renderWorkflow(
      <DocumentsContext.Provider
        logic={answering({ kind: 'order', order })}
        input={{ route: { page: 'order', id: order.id } }}
      >
        <OrderView backHref="/onlinee-sales" />
      </DocumentsContext.Provider>,
    );
    await waitFor(() => expect(screen.getByTestId('documents-page').dataset.state).toBe('ready'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      t('documents.order.title', { id: '1' }),
    );
    const row = screen.getByTestId('document-41');
    expect(row.textContent).toContain(t('documents.types.4'));
    expect(row.textContent).toContain('Накладная № 1');
    expect(row.textContent).toContain(t('documents.status.0'));
    expect(within(row).getByTestId('document-pdf-41-start').getAttribute('aria-label')).toBe(
      t('documents.downloadNamed', { title: 'Накладная № 1' }),
    );
    expect(within(row).getByRole('link').getAttribute('href')).toBe('/onlinee-sales/services-documents/41');
  });
});

describe('OrderView: the company cancels its own created order (GN15)', () => {
  it('offers the cancel on a cancellable order, confirms it naming the order, then shows the order again', async () => {
    const created = { ...order, id: '7', kind: 'new', status: 'created', cancellable: true };
    const loads: string[] = [];
    let now = created;
    const logic = documentsMachine.provide({
      actors: {
        fetchDocuments: fromPromise<DocumentsContent, DocumentsInput>(async () => {
          loads.push(now.status);
          return { kind: 'order', order: now };
        }),
      },
    });
    const asked: string[] = [];
    const cancelLogic = orderCancelMachine.provide({
      actors: {
        cancelOrder: fromPromise<void, OrderCancelInput>(async ({ input }) => {
          asked.push(input.id);
          now = { ...created, status: 'cancelled', cancellable: false };
        }),
      },
    });
    renderWorkflow(
      <DocumentsContext.Provider logic={logic} input={{ route: { page: 'order', id: '7' } }}>
        <OrderView backHref="/onlinee-sales" />
      </DocumentsContext.Provider>,
      { fakes: { orderCancel: cancelLogic } },
    );
    await waitFor(() => expect(screen.getByTestId('documents-page').dataset.state).toBe('ready'));
    expect(document.querySelector('.docs__subtitle')?.textContent).toContain('Создан');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Отменить заказ' }));
    expect(screen.getByTestId('order-cancel-confirm').textContent).toContain('Отменить заказ № 7?');
    expect(asked).toEqual([]);
    await user.click(screen.getByTestId('order-cancel-ok'));
    await waitFor(() =>
      expect(screen.getByTestId('order-cancel-done').textContent).toBe('Заказ № 7 отменён.'),
    );
    await waitFor(() => expect(document.querySelector('.docs__subtitle')?.textContent).toContain('Отменён'));
    expect(asked).toEqual(['7']);
    expect(loads).toEqual(['created', 'cancelled']);
    expect(screen.queryByRole('button', { name: 'Отменить заказ' })).toBeNull();
  });

  it('offers no cancel where the server does not (a paid order, a viewer who may not order)', async () => {
    renderWorkflow(
      <DocumentsContext.Provider
        logic={answering({ kind: 'order', order: { ...order, status: 'paid', cancellable: false } })}
        input={{ route: { page: 'order', id: order.id } }}
      >
        <OrderView backHref="/onlinee-sales" />
      </DocumentsContext.Provider>,
    );
    await waitFor(() => expect(screen.getByTestId('documents-page').dataset.state).toBe('ready'));
    expect(document.querySelector('.docs__subtitle')?.textContent).toContain('Оплачен');
    expect(screen.queryByTestId('order-cancel')).toBeNull();
  });
});

describe('document names follow the page (DOC14)', () => {
  // a supply document issued in Russian as 'Договор поставки …': the page names it by its type code and number
  const issuedElsewhere = {
    ...order,
    documents: [{ ...order.documents[0], title: 'Договор поставки к заказу № 1 от 18.11.2026', number: '1' }],
  } as typeof order;
  const cases = [
    { lang: 'ru', label: 'Накладная', title: 'Накладная № 1' },
    { lang: 'uz', label: 'Yuk xati', title: 'Yuk xati № 1' },
  ] as const;
  for (const c of cases)
    it(`${c.lang}: the type label and the title are the page's, built from the type code and number`, async () => {
      await act(() => i18n.changeLanguage(c.lang));
      renderWorkflow(
        <DocumentsContext.Provider
          logic={answering({ kind: 'order', order: issuedElsewhere })}
          input={{ route: { page: 'order', id: order.id } }}
        >
          <OrderView backHref="/onlinee-sales" />
        </DocumentsContext.Provider>,
      );
      await waitFor(() => expect(screen.getByTestId('documents-page').dataset.state).toBe('ready'));
      const row = screen.getByTestId('document-41');
      expect(row.querySelector('.docs__type')?.textContent).toBe(c.label);
      expect(within(row).getByRole('link').textContent).toBe(c.title);
      expect(row.textContent).not.toContain('Договор поставки');
      expect(within(row).getByTestId('document-pdf-41-start').getAttribute('aria-label')).toContain(c.title);
    });
});
