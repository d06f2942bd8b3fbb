import { localized, type Language } from '../messages.ts';

/** Refusals of client events, in every supported language. */
const EVENT_MESSAGES = {
  eventNotAllowed: {
    it: "L'evento «{name}» non può essere inviato da un client: lo registra solo il server.",
    en: 'The event "{name}" cannot be sent by a client: only the server records it.',
    de: 'Das Ereignis „{name}“ kann nicht von einem Client gesendet werden: Nur der Server zeichnet es auf.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type EventMessageKey = keyof typeof EVENT_MESSAGES;

export const eventMessage = localized(EVENT_MESSAGES);
