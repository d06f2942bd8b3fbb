import type { Language } from '../messages.ts';

/** Refusals of staff's answers to support requests, in every supported language. */
const SUPPORT_MESSAGES = {
  supportRequestNotFound: {
    it: 'Richiesta di assistenza non trovata: n. {id}',
    en: 'Support request not found: no. {id}',
    de: 'Supportanfrage nicht gefunden: Nr. {id}',
  },
  supportRequestClosed: {
    it: 'La richiesta n. {id} è chiusa: riaprila prima di rispondere.',
    en: 'Request no. {id} is closed: reopen it before replying.',
    de: 'Anfrage Nr. {id} ist geschlossen: Öffnen Sie sie wieder, bevor Sie antworten.',
  },
  supportStatusUnchanged: {
    it: 'La richiesta n. {id} è già in questo stato.',
    en: 'Request no. {id} already has this status.',
    de: 'Anfrage Nr. {id} hat diesen Status bereits.',
  },
  supportStatusAnswered: {
    it: 'Una richiesta risulta «risposta» solo inviando una risposta.',
    en: 'A request becomes "answered" only by sending a reply.',
    de: 'Eine Anfrage wird nur durch eine gesendete Antwort „beantwortet“.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type SupportMessageKey = keyof typeof SUPPORT_MESSAGES;

export function supportMessage(key: SupportMessageKey, language: Language, values: Record<string, string | number> = {}): string {
  return SUPPORT_MESSAGES[key][language].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
