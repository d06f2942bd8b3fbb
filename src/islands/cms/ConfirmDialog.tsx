import { useEffect, useId, useRef } from 'react';
import type { Translate } from '../../../core/translate.ts';

export interface Confirmation {
  message: string;
  /** The button that goes ahead names what it does ("Elimina", "Ritira"), not just "OK". */
  action: string;
  onConfirm: () => void;
}

interface Props {
  /** What to ask, or null when nothing is being asked. */
  asking: Confirmation | null;
  onClose: () => void;
  t: Translate;
}

/**
 * Asks before an editor's step that learners would notice, in a modal `<dialog>` of the page's
 * own look and language, instead of the browser's `confirm()`: focus goes to "Annulla", Escape
 * cancels, and focus returns to the button that asked.
 */
export default function ConfirmDialog({ asking, onClose, t }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (asking && !element.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      cancel.current?.focus();
      const restore = () => opener?.focus();
      element.addEventListener('close', restore, { once: true });
    } else if (!asking && element.open) element.close();
  }, [asking]);

  return (
    <dialog ref={dialog} className="cms-dialog" aria-labelledby={`${id}-message`} onClose={onClose} data-testid="cms-confirm">
      {asking && (
        <>
          <p id={`${id}-message`}>{asking.message}</p>
          <p className="cms-actions">
            <button ref={cancel} type="button" className="secondary" onClick={onClose}>
              {t('cms.confirm.cancel')}
            </button>
            <button type="button" onClick={() => (asking.onConfirm(), onClose())}>
              {asking.action}
            </button>
          </p>
        </>
      )}
    </dialog>
  );
}
