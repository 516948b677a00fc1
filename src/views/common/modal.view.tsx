import { type ReactNode, useEffect, useId, useRef } from 'react';

export interface ModalProps {
  /** the dialog's accessible name */
  title: string;
  /** called when the user dismisses the dialog (Escape, the close button) */
  onClose: () => void;
  children: ReactNode;
  /** extra buttons row */
  actions?: ReactNode;
  closeLabel: string;
  testId?: string;
  /** a dialog that must be answered (role picker): Escape does nothing */
  dismissable?: boolean;
}

/**
 * The modal layer: a native `<dialog>` opened with showModal(), so the browser traps focus, makes the rest of the page
 * inert and sends `cancel` on Escape. Page scroll is locked by CSS (`body:has(dialog[open])`). Focus returns to the
 * element that had it when the dialog opened.
 */
export function Modal({
  title,
  onClose,
  children,
  actions,
  closeLabel,
  testId,
  dismissable = true,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // the element that had the focus when the dialog was asked for, read while rendering: by the time the effect runs,
  // the commit may have disabled the button that opened it, and a browser then moves the focus to <body>
  const opener = useRef<HTMLElement | null | undefined>(undefined);
  if (opener.current === undefined && typeof document !== 'undefined')
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = opener.current ?? null;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      // jsdom and very old browsers: no showModal; the open attribute still renders the dialog.
      dialog.setAttribute('open', '');
    }
    document.body.classList.add('modal-open');
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      document.body.classList.remove('modal-open');
      previous?.focus();
    };
  }, []);

  // a step of the flow replaced the element that had the focus (Escape on a signing step shows 'Отменено' in the same
  // dialog): the browser leaves the focus on <body>; bring it to the dialog's heading, which names the new step
  useEffect(() => {
    const dialog = ref.current as HTMLDialogElement;
    dialog.contains(document.activeElement) || dialog.querySelector('h2')?.focus();
  });

  const onCancel = (e: React.SyntheticEvent) => {
    e.preventDefault();
    if (dismissable) onCloseRef.current();
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    // jsdom does not fire `cancel` on Escape; browsers do. Handle both, once.
    if (e.key === 'Escape' && !e.defaultPrevented) {
      e.preventDefault();
      if (dismissable) onCloseRef.current();
    }
  };

  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onCancel={onCancel}
      onKeyDown={onKeyDown}
      data-testid={testId}
    >
      <div className="modal__head">
        <h2 id={titleId} className="modal__title" tabIndex={-1}>
          {title}
        </h2>
        {dismissable ? (
          <button
            type="button"
            className="modal__close"
            aria-label={closeLabel}
            onClick={() => onCloseRef.current()}
          >
            ×
          </button>
        ) : null}
      </div>
      <div className="modal__body">{children}</div>
      {actions ? <div className="modal__actions">{actions}</div> : null}
    </dialog>
  );
}
