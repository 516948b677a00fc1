import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentCreateEvent } from '@/machines/block-restore.machine';
import { connectStatusToggle, toggleModeOf } from '@/machines/block-restore.selectors';
import { useWorkflow } from '@/views/common/use-workflow';
import { useWorkflowActor } from '@/views/common/workflow-actor';
import { useWorkflowLogic } from '@/views/common/workflow-logic.context';
import { BlockRestoreDialog } from './block-restore-dialog.view';

export interface StatusToggleProps {
  /** The profile's status code (A, O active; S blocked; N, T, other: no toggle). */
  readonly status: string | null | undefined;
  /** The profile's account type (`at`): 16 has no toggle, 20 blocks without a signature. */
  readonly profileType: number;
  /** The number, or absent for the whole account. */
  readonly sn?: string | null | undefined;
  /** A selection of numbers of the list (U10): blocked or restored together under one signature, one call. */
  readonly sns?: readonly string[] | undefined;
  /** The button's text instead of 'Заблокировать' / 'Разблокировать' (e.g. with the selection's count). */
  readonly label?: string | undefined;
  readonly ban: string;
  /** An administrator is impersonating the client: signing is refused. */
  readonly impersonating: boolean;
  /** The user may plan it for a later day instead of now (`mayManagePlans`, docs/decisions.md SP4). */
  readonly mayPlan?: boolean | undefined;
  /** A block (waits for 00:00) or a restore (5-10 minutes) was requested: the in-process message instead of a
   *  button (U9: the profile's `block_pending`, so it survives a reload). */
  readonly pending?: 'block' | 'restore' | null | undefined;
  /** The company of the account, named in the confirmation (U7). */
  readonly companyName?: string | null | undefined;
  /** Called with the data of the suspend/restore document when the server accepted numbers (spec 4 step 4). */
  readonly onDocumentCreate?: ((event: DocumentCreateEvent) => void) | undefined;
}

/**
 * The status widget's action (spec 4 "Toggle"): 'Заблокировать' for an active number, 'Разблокировать' for a
 * blocked one, the in-process message while a block waits for 00:00, nothing for type 16. Pressing it starts the
 * block/restore chart (the app's provided logic) with the current props; its dialog opens above the page. After a
 * result the chart itself tells the session to reload the profile.
 */
export function StatusToggle(props: StatusToggleProps) {
  const { t } = useTranslation();
  const { blockRestore } = useWorkflowLogic();
  const actorRef = useWorkflowActor(blockRestore);
  const { open } = useWorkflow(actorRef, connectStatusToggle);
  const mode = toggleModeOf({ ...props, inProcess: props.pending != null });
  const isAccount = props.sn == null;

  const onDocumentCreate = useRef(props.onDocumentCreate);
  onDocumentCreate.current = props.onDocumentCreate;
  useEffect(() => {
    const sub = actorRef.on('document.create', (event) => onDocumentCreate.current?.(event));
    return () => sub.unsubscribe();
  }, [actorRef]);

  const press = () => {
    if (mode !== 'block' && mode !== 'restore') return;
    actorRef.send({
      type: 'toggle.press',
      request: {
        action: mode,
        sn: props.sn ?? null,
        ...(props.sns && props.sns.length > 0 ? { sns: props.sns } : {}),
        ban: props.ban,
        companyName: props.companyName ?? null,
        profileType: props.profileType,
        impersonating: props.impersonating,
        mayPlan: props.mayPlan === true,
      },
    });
  };

  return (
    <>
      {mode === 'inProcess' ? (
        <p className="status-toggle__note" role="note" data-testid="status-toggle-in-process">
          {props.pending === 'restore'
            ? t(isAccount ? 'ux.block.accountRestoreInProcess' : 'ux.block.numberRestoreInProcess')
            : isAccount
              ? t('ux.block.accountInProcess')
              : t('blockRestore.alreadyInProcess')}
        </p>
      ) : null}
      {mode === 'block' || mode === 'restore' ? (
        <button
          type="button"
          className={mode === 'block' ? 'btn btn--danger' : 'btn'}
          data-testid="status-toggle"
          data-action={mode}
          aria-haspopup="dialog"
          disabled={open}
          onClick={press}
        >
          {props.label ?? t(mode === 'block' ? 'widgets.status.block' : 'widgets.status.restore')}
        </button>
      ) : null}
      {open ? <BlockRestoreDialog actorRef={actorRef} /> : null}
    </>
  );
}
