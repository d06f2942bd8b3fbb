import { useStore } from '@nanostores/react';
import { $drafts, $unsaved, documentId } from '../../stores/cms.ts';
import { $mode } from '../../stores/mode.ts';

/**
 * In CMS and tester mode, a session's drafted text in place of the published one: what the editor
 * is typing, else the saved draft of the page's locale. Null for everyone else (and when there is
 * no draft), so learners always read the published text.
 */
export function useDraftBody(key: string, locale: string): string | null {
  const mode = useStore($mode);
  const drafts = useStore($drafts);
  const unsaved = useStore($unsaved);
  if (mode === 'user') return null;
  const typed = unsaved[documentId({ kind: 'session', key }, locale)];
  const saved = drafts.find((draft) => draft.kind === 'session' && draft.key === key && draft.locale === locale);
  const body = ((typed ?? saved)?.fields as { body?: unknown } | undefined)?.body;
  return Array.isArray(body) ? JSON.stringify(body) : null;
}
