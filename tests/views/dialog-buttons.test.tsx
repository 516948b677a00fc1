// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorDialog } from '@/views/common/error-dialog.view';
import { TestProviders } from '../support/render-workflow';

/** The new-user review "one button order for all confirmation dialogs": the way out first, the way forward last (decision U13). */
afterEach(cleanup);

describe('one order for dialog buttons (U13)', () => {
  it('the error dialog with an offer: OK first, the offered action last', () => {
    render(
      <TestProviders>
        <ErrorDialog
          code="E018"
          onDismiss={() => {}}
          testId="err"
          offer={{
            text: 'Искать номер?',
            action: (
              <button type="button" className="btn" data-testid="offer">
                Искать номер
              </button>
            ),
          }}
        />
      </TestProviders>,
    );

    const buttons = [...document.querySelectorAll('.modal__actions button')].map((b) => b.textContent);
    expect(buttons).toEqual(['ОК', 'Искать номер']);
    expect(screen.getByTestId('offer').className).toBe('btn');
  });
});
