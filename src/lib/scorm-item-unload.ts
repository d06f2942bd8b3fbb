import { ITEM_UNLOAD, ITEM_UNLOADED } from '../../core/scorm/content-address.ts';

/**
 * Asks an item's runtime page (`frame`, of the content origin `origin`) to unload the item, and
 * resolves once it says the item is gone, after every call the item's unload handler made has
 * reached this page's runtime (the page's messages arrive in the order it posted them), or after
 * `waitMs` when it does not answer. A package's status reported from its unload handler
 * (eXeLearning's) was lost when the session page removed the frame itself: the frame was gone
 * before those calls could arrive.
 */
export function unloadItem(frame: Window, origin: string, waitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      resolve();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source === frame && event.origin === origin && (event.data as { tilesScorm?: unknown } | null)?.tilesScorm === ITEM_UNLOADED) done();
    };
    const timer = setTimeout(done, waitMs);
    window.addEventListener('message', onMessage);
    frame.postMessage({ tilesScorm: ITEM_UNLOAD }, origin);
  });
}
