/**
 * A SCORM package runs on an origin of its own (`SCORM_CONTENT_ORIGIN`), so that its scripts can
 * neither read the site's cookies nor call its API. Two kinds of address live there, each carrying
 * a signed grant (functions/scorm/content-grant.ts) instead of a session cookie:
 *
 * - `/run/{grant}/{launch}`: the runtime page the session page frames for one item (SCO); it
 *   holds scorm-again's cross-frame API and frames the item's launch file;
 * - `/p/{grant}/{file}`: a file of the package, so that the package's own relative links resolve
 *   inside it.
 */
export const CONTENT_RUNTIME_PREFIX = '/run/';
export const CONTENT_FILE_PREFIX = '/p/';
/** The cross-frame API's module, served beside the runtime pages. */
export const CONTENT_RUNTIME_SCRIPT = '/run/cross-frame-api.js';
/**
 * The session page's word to an item's runtime page before it removes it (`data.tilesScorm`), and
 * the page's answer once the item is gone: the item unloads while its runtime page is still in the
 * session page, so what its unload handler tells the API (eXeLearning's pages report their status
 * only then) reaches the session page before the answer.
 */
export const ITEM_UNLOAD = 'unload-item';
export const ITEM_UNLOADED = 'item-unloaded';

export interface ContentAddress {
  kind: 'runtime' | 'file';
  grant: string;
  /** The file (or the item's launch file) inside the package, decoded. */
  file: string;
}

/** The runtime page of an item: the launch path as the manifest gives it, with its own query if any. */
export const runtimeAddress = (origin: string, grant: string, launch: string): string => `${origin}${CONTENT_RUNTIME_PREFIX}${grant}/${launch}`;

/** The package file address the runtime page frames for a launch path (kept as written: the manifest's own encoding). */
export const fileAddress = (grant: string, launch: string): string => `${CONTENT_FILE_PREFIX}${grant}/${launch}`;

/** What a content-origin path names, or null. */
export function parseContentAddress(pathname: string): ContentAddress | null {
  const match = /^\/(run|p)\/([A-Za-z0-9_-]{10,2000}\.[A-Za-z0-9_-]{20,100})\/(.+)$/.exec(pathname);
  if (!match) return null;
  let file: string;
  try {
    file = decodeURIComponent(match[3] ?? '');
  } catch {
    return null;
  }
  return { kind: match[1] === 'run' ? 'runtime' : 'file', grant: match[2] ?? '', file };
}
