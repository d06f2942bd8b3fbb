/**
 * The folded header menu (a disclosure below 600 px) closes as a menu should: on Escape, with the
 * focus back on its button, and when the focus moves on past it, so the open panel does not stay
 * over the page. Bound once on the document: the client router swaps the header, not the document.
 */
export function closeSiteMenuAsExpected(): void {
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const menu = (event.target as Element | null)?.closest?.('details.site-menu[open]');
    if (!(menu instanceof HTMLDetailsElement)) return;
    menu.open = false;
    menu.querySelector('summary')?.focus();
  });
  document.addEventListener('focusout', (event) => {
    const menu = (event.target as Element | null)?.closest?.('details.site-menu[open]');
    const next = event.relatedTarget;
    if (menu instanceof HTMLDetailsElement && next instanceof Node && !menu.contains(next)) menu.open = false;
  });
}
