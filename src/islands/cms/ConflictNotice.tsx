import { useEffect, useState, type RefObject } from 'react';
import type { Translate } from '../../../core/translate.ts';
import { ApiRequestError } from '../../lib/api-client.ts';

/** What an editor's refused call was: a save keeps the unsaved text on screen; a discard or a restore changed nothing. */
export type Refusal = 'save' | 'replace';

/** The refusal to tell the editor about: `action` when the server refused it (409: someone saved the text since it was loaded here), else null. */
export function refusalOf(error: unknown, action: Refusal): Refusal | null {
  return error instanceof ApiRequestError && error.statusCode === 409 ? action : null;
}

interface Props {
  refused: Refusal;
  /** Asks before replacing what is on screen with the latest version. */
  onReload: () => void;
  t: Translate;
}

/** A save, discard or restore was refused because someone saved the text since: says so, and offers the latest version. */
export default function ConflictNotice({ refused, onReload, t }: Props) {
  return (
    <>
      <p role="alert" className="error-text" data-testid="cms-conflict">
        {t(refused === 'save' ? 'cms.conflict' : 'cms.conflictReplace')}
      </p>
      <p className="cms-actions">
        <button type="button" className="secondary" onClick={onReload}>
          {t('cms.conflictReload')}
        </button>
      </p>
    </>
  );
}

/**
 * The notice's button is gone once the latest version is shown: the returned call moves focus to
 * the form's first field after that render, so the keyboard goes on in the editor, not from the page's top.
 */
export function useFocusFirstField(form: RefObject<HTMLFormElement | null>): () => void {
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked) form.current?.querySelector<HTMLElement>('input:not([type="hidden"]), textarea, select, [contenteditable="true"]')?.focus();
  }, [asked, form]);
  return () => setAsked((n) => n + 1);
}
