import { useEffect } from 'react';

/**
 * While `unsaved`, leaving the page (a link, a reload, another address, closing the tab) asks
 * first, with the browser's own prompt: an editor's typing is kept nowhere until it is saved.
 */
export function useLeaveWarning(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    addEventListener('beforeunload', ask);
    return () => removeEventListener('beforeunload', ask);
  }, [unsaved]);
}
