import { useEffect, useRef } from 'react';
import 'altcha/external';
import 'altcha/altcha.css';
import 'altcha/i18n/it';
import 'altcha/i18n/de';
import type {} from 'altcha/types/react';
import type { WidgetMethods } from 'altcha/types';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

interface Props {
  siteId: string;
  locale: string;
  /** Called with the solved payload, or null when it expired or was reset. */
  onChange: (payload: string | null) => void;
}

// altcha/external ships no proof-of-work worker of its own: register ours, a file from our
// origin, so the strict CSP allows it and nothing comes from a third party.
globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

/**
 * The self-hosted proof-of-work check (ALTCHA): no cookie, no third-party request. It fetches a
 * signed challenge from our API, solves it in a Web Worker as soon as it appears, and hands the
 * payload to the form. Loaded only when the server asks for it.
 */
export default function BotCheck({ siteId, locale, onChange }: Props) {
  const widget = useRef<HTMLElement & WidgetMethods>(null);
  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    void element.configure({
      challenge: '/api/auth/challenge',
      // Our API wraps answers as { outcome }: unwrap the challenge for the widget.
      fetch: async (input, init) => {
        const response = await fetch(input, { ...init, headers: { 'tiles-site-id': siteId, 'tiles-locale-code': locale, accept: 'application/json' } });
        const body = (await response.json()) as { outcome?: unknown };
        return new Response(JSON.stringify(body.outcome ?? body), { status: response.status, headers: { 'content-type': 'application/json' } });
      },
    });
    const changed = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onChange(state === 'verified' && payload ? payload : null);
    };
    element.addEventListener('statechange', changed);
    return () => element.removeEventListener('statechange', changed);
  }, [siteId, locale, onChange]);
  return <altcha-widget ref={widget} auto="onload" language={locale.slice(0, 2)} data-testid="bot-check" />;
}
