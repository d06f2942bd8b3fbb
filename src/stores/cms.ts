import { atom } from 'nanostores';
import type { Draft } from '../../core/contracts/cms.ts';
import type { PreviewDraft } from '../lib/draft-preview.ts';

/** Every saved draft of the site: the editor's pending work, shown in CMS and tester mode. */
export const $drafts = atom<Draft[]>([]);

/** What an editor is typing and has not saved yet, by document: previewed on the page as it changes. */
export const $unsaved = atom<Record<string, PreviewDraft>>({});

/** Counts publishes from this tab: open editors reload, since their drafts have just gone live. */
export const $published = atom(0);

export const documentId = (document: { kind: string; key: string }, locale: string) => `${locale}/${document.kind}/${document.key}`;

export function setUnsaved(id: string, draft: PreviewDraft | null): void {
  const { [id]: _previous, ...others } = $unsaved.get();
  $unsaved.set(draft ? { ...others, [id]: draft } : others);
}
