import { cmsField, type PageDocument } from './cms-marker.ts';

export interface PreviewDraft extends PageDocument {
  fields: Record<string, unknown>;
}

/**
 * What CMS and tester mode show of a locale: its saved drafts, then what the editor is typing
 * (`unsaved`, by `{locale}/{kind}/{key}`), so a typed text comes after, and over, its saved draft.
 */
export function previewDrafts(saved: readonly (PreviewDraft & { locale: string })[], unsaved: Record<string, PreviewDraft>, locale: string): PreviewDraft[] {
  const typed = Object.entries(unsaved)
    .filter(([id]) => id.startsWith(`${locale}/`))
    .map(([, draft]) => draft);
  return [...saved.filter((draft) => draft.locale === locale), ...typed];
}

function render(value: unknown): Node[] {
  // Page bodies are lists of blocks; every other field is plain text. Never HTML: drafts are text.
  if (Array.isArray(value)) {
    return value.map((block: { type?: unknown; text?: unknown }) => {
      const element = document.createElement(block.type === 'h2' ? 'h2' : 'p');
      element.textContent = String(block.text ?? '');
      return element;
    });
  }
  return [document.createTextNode(String(value ?? ''))];
}

/**
 * Shows drafts in place of the live text, in every element marked with the draft's `data-cms`
 * field, and returns how to put the live text back (leaving CMS or tester mode, or the next draft).
 */
export function applyDrafts(root: HTMLElement, drafts: PreviewDraft[]): () => void {
  const replaced: [Element, Node[]][] = [];
  for (const draft of drafts) {
    for (const [field, value] of Object.entries(draft.fields)) {
      const marker = cmsField(draft.kind, draft.key, field).replace(/["\\]/g, '\\$&');
      for (const element of root.querySelectorAll(`[data-cms="${marker}"]`)) {
        replaced.push([element, [...element.childNodes]]);
        element.replaceChildren(...render(value));
        element.setAttribute('data-cms-draft', '');
      }
    }
  }
  return () => {
    for (const [element, nodes] of replaced.reverse()) {
      element.replaceChildren(...nodes);
      element.removeAttribute('data-cms-draft');
    }
  };
}
