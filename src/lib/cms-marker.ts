import type { DocumentKind } from '../../core/cms-document.ts';

/** A document an editor can change from the page it appears on. */
export interface PageDocument {
  kind: DocumentKind;
  key: string;
  /** What an editor calls it (its title or name, as the page shows it): the panel names it so, not by its key. */
  name?: string;
}

/**
 * The `data-cms` value of an element showing one field of a document: CMS and tester mode find
 * the elements a draft changes by it, without the page shipping any editing code.
 */
export function cmsField(kind: DocumentKind, key: string, field: string): string {
  return `${kind}:${key}:${field}`;
}
