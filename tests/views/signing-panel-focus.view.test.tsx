// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { i18n } from '@/i18n/i18n';
import {
  type ChallengeOutcome,
  type CreatedSignature,
  type ListedKey,
  type SigningInput,
  signingMachine,
  type TaxIdResult,
} from '@/machines/signing.machine';
import { SigningPanel } from '@/views/block-restore/signing-panel.view';
import { moduleErrors, SIGNER_TIN, signingInput, validKey } from '../machines/signing.payloads';
import { TestProviders } from '../support/render-workflow';

/** A signing whose module answers -5000 (Escape in the password window) as soon as the key is asked to sign. */
function cancelledSigning() {
  const actor = createActor(
    signingMachine.provide({
      actors: {
        fetchTaxId: fromPromise<TaxIdResult, { impersonating: boolean }>(async () => ({ tin: SIGNER_TIN })),
        fetchChallenge: fromPromise<ChallengeOutcome, Pick<SigningInput, 'action' | 'targets'>>(async () => ({
          challenge: null,
        })),
        openModule: fromPromise<ListedKey[]>(async () => [validKey]),
        signWithKey: fromPromise<CreatedSignature, { key: ListedKey; data: string }>(async () => {
          throw moduleErrors.cancelled;
        }),
      },
    }),
    { input: signingInput },
  );
  actor.start();
  return actor;
}

afterEach(cleanup);

describe('signing panel embedded in a page: focus after Escape', () => {
  it("moves the focus to the 'Отменено' heading, as a dialog does", async () => {
    const t = i18n.getFixedT('ru');
    const actor = cancelledSigning();
    render(
      <TestProviders>
        <button type="button">before</button>
        <SigningPanel actorRef={actor} />
      </TestProviders>,
    );
    screen.getByRole('button', { name: 'before' }).focus();
    const heading = await screen.findByRole('heading', { name: t('eimzo.cancelledTitle') });
    expect(heading.tabIndex).toBe(-1);
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('leaves the focus to the dialog when the panel is inside one (the modal brings it to its own heading)', async () => {
    const t = i18n.getFixedT('ru');
    const actor = cancelledSigning();
    render(
      <TestProviders>
        <dialog open>
          <h2>dialog title</h2>
          <button type="button">inside</button>
          <SigningPanel actorRef={actor} />
        </dialog>
      </TestProviders>,
    );
    const inside = screen.getByRole('button', { name: 'inside' });
    inside.focus();
    await screen.findByRole('heading', { name: t('eimzo.cancelledTitle') });
    expect(document.activeElement).toBe(inside);
  });
});
