import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { Translate } from '../../../../core/translate.ts';

interface Props {
  title: string;
  /** The button that goes ahead ("Inserisci"). */
  action: string;
  /** A refusal to show in the dialog, or null. */
  error: string | null;
  onSubmit: () => void;
  onClose: () => void;
  t: Translate;
  children: ReactNode;
}

/**
 * The rich-text editor's modal `<dialog>` for a link, an image or a file: opened when rendered,
 * its first field focused, Escape or "Annulla" closes it, and the focus goes back to the text.
 */
export default function RichDialog({ title, action, error, onSubmit, onClose, t, children }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    element.showModal();
    element.querySelector<HTMLElement>('input, select, button')?.focus();
  }, []);

  // The dialog sits inside the editor's form: Enter in a field goes ahead here instead of saving the draft.
  const enter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement) || event.target.type !== 'text') return;
    event.preventDefault();
    onSubmit();
  };

  return (
    <dialog ref={dialog} className="cms-dialog" aria-labelledby={`${id}-title`} onClose={onClose} data-testid="rich-dialog">
      <div role="presentation" onKeyDown={enter}>
        <h3 id={`${id}-title`}>{title}</h3>
        {children}
        {error && (
          <p role="alert" className="error-text">
            {error}
          </p>
        )}
        <p className="cms-actions">
          <button type="button" className="secondary" onClick={onClose}>
            {t('cms.confirm.cancel')}
          </button>
          <button type="button" onClick={onSubmit}>
            {action}
          </button>
        </p>
      </div>
    </dialog>
  );
}
