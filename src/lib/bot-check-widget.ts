import 'altcha/external';
import 'altcha/altcha.css';
import 'altcha/i18n/it';
import 'altcha/i18n/de';
import type { WidgetMethods } from 'altcha/types';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import { apiUrl } from './api-url.ts';

// altcha/external ships no proof-of-work worker of its own: register ours, a file from our
// origin, so the strict CSP allows it and nothing comes from a third party.
globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

export interface BotCheckOptions {
  siteId: string;
  locale: string;
  /** Called with the solved payload, or null when it expired or was reset. */
  onChange: (payload: string | null) => void;
}

/**
 * The self-hosted proof-of-work check (ALTCHA): no cookie, no third-party request. The widget
 * fetches a signed challenge from our API, solves it in a Web Worker as soon as it appears, and
 * hands the payload over. Imported only where and when a check is needed.
 */
export function mountBotCheck(container: HTMLElement, { siteId, locale, onChange }: BotCheckOptions): () => void {
  const widget = document.createElement('altcha-widget') as HTMLElement & WidgetMethods;
  widget.setAttribute('language', locale.slice(0, 2));
  widget.dataset.testid = 'bot-check';
  // Configured once mounted ('load'), then started: started any earlier, it would not know where to fetch.
  const start = async () => {
    await widget.configure({
      challenge: apiUrl('/auth/challenge'),
      // Our API wraps answers as { outcome }: unwrap the challenge for the widget.
      fetch: async (input, init) => {
        const response = await fetch(input, { ...init, headers: { 'tiles-site-id': siteId, 'tiles-locale-code': locale, accept: 'application/json' } });
        const body = (await response.json()) as { outcome?: unknown };
        return new Response(JSON.stringify(body.outcome ?? body), { status: response.status, headers: { 'content-type': 'application/json' } });
      },
    });
    await widget.verify();
  };
  widget.addEventListener(
    'load',
    () => {
      // Unsolved, the form sends no payload and the server refuses it with its own message.
      start().catch((error: unknown) => console.error('The bot check did not start:', error));
    },
    { once: true },
  );
  container.replaceChildren(widget);
  const changed = (event: Event) => {
    const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
    onChange(state === 'verified' && payload ? payload : null);
  };
  widget.addEventListener('statechange', changed);
  return () => {
    widget.removeEventListener('statechange', changed);
    widget.remove();
  };
}
