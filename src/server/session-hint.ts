import { SESSION_MARKER_COOKIE } from '../../functions/auth/session-cookie.ts';

/** The class on <html> while the marker cookie says the visitor is signed in; CSS shows the right header with it. */
export const SIGNED_IN_CLASS = 'signed-in';

/**
 * The one inline script of the default layout, in <head>: it runs before the first paint, so a
 * pre-rendered page shows the signed-in header at once, without a flash of "Accedi". The client
 * router keeps the document but swaps <html>'s attributes: the class goes onto each new page
 * before the swap too. Inline so no request delays the paint; allowed by its hash in the CSP
 * (integrations/security-headers.mjs). Without JavaScript the visitor's header shows.
 */
export const SESSION_HINT_SCRIPT = `(()=>{const m=(d)=>d.documentElement.classList.toggle('${SIGNED_IN_CLASS}',/(?:^|;\\s*)${SESSION_MARKER_COOKIE}=1(?:;|$)/.test(document.cookie));m(document);document.addEventListener('astro:before-swap',(e)=>m(e.newDocument))})()`;
