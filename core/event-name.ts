import type { EventRequest } from './contracts/event.ts';

/** The event the browser sends: the contract's body, with what this client always fills in. */
export interface EventBody extends EventRequest {
  ua: string;
  origin: 'web';
  type: 'event';
  createdAt: string;
  action: string;
  variant?: string;
  scope?: string;
  subject?: string;
}

/** An event name such as 'course.open.catalogue' is split on dots into action, variant and scope. */
export function splitEventName(name: string): Pick<EventBody, 'action' | 'variant' | 'scope'> {
  const [action = '', variant, ...scope] = name.split('.');
  return { action, variant: variant || undefined, scope: scope.length ? scope.join('.') : undefined };
}

export function buildEvent(name: string, options: { ua: string; subject?: string; now?: Date }): EventBody {
  return {
    ua: options.ua,
    origin: 'web',
    type: 'event',
    createdAt: (options.now ?? new Date()).toISOString(),
    ...splitEventName(name),
    subject: options.subject,
  };
}
