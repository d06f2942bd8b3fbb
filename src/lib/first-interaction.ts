const EVENTS = ['pointerdown', 'pointermove', 'keydown', 'scroll', 'wheel', 'touchstart'] as const;

// One wait per page load, shared by every caller: activity seen once counts for all of them.
let pending: Promise<void> | undefined;

/**
 * Resolves at the visitor's first sign of activity: a pointer moving or pressing, a key, a scroll
 * or a touch. Heavy decorative code (the charts) waits for it, so that a slow phone is not blocked
 * while the page loads; what it decorates (figures, tables) is already in the page.
 */
export function afterFirstInteraction(): Promise<void> {
  pending ??= new Promise((resolve) => {
    const done = () => {
      for (const name of EVENTS) window.removeEventListener(name, done, true);
      resolve();
    };
    for (const name of EVENTS) window.addEventListener(name, done, { capture: true, passive: true });
  });
  return pending;
}
