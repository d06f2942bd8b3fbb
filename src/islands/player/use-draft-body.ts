import { useStore } from '@nanostores/react';
import { richDoc, type RichDoc } from '../../../core/rich-text.ts';
import { previewDrafts } from '../../lib/draft-preview.ts';
import { $drafts, $unsaved } from '../../stores/cms.ts';
import { $mode } from '../../stores/mode.ts';

/**
 * In CMS and tester mode, a session's drafted text in place of the published one, as the page's
 * other drafted fields are previewed (what the editor is typing, else the saved draft). Null for
 * everyone else (and when there is no draft), so learners always read the published text.
 */
export function useDraftBody(key: string, locale: string): RichDoc | null {
  const mode = useStore($mode);
  const drafts = useStore($drafts);
  const unsaved = useStore($unsaved);
  if (mode === 'user') return null;
  const body = previewDrafts(drafts, unsaved, locale)
    .filter((draft) => draft.kind === 'session' && draft.key === key)
    .at(-1)?.fields.body;
  return typeof body === 'object' && body !== null ? richDoc(body) : null;
}
