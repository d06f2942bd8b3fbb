import { availableModes, type RoleMode } from './mode.ts';

/**
 * The namespaces (first part of the name) of the audit events the server writes itself, in the
 * batch of the change each records (`cms.*.edit|publish|...`, `auth.login.*`, `support.*`,
 * `ecm.certificate.*`, `people.*`): no browser may send a name in them, whatever its role.
 */
export const SERVER_EVENT_NAMESPACES: readonly string[] = ['auth', 'cms', 'ecm', 'people', 'support'];

/**
 * The mode switches the interface records (islands/mode/ModeSwitch.tsx): who entered or left CMS
 * and tester mode. `cms.mode.*` lies in a server namespace; it and `test.mode.*` are open only
 * for the modes the user's role offers.
 */
export function modeEventName(roleMode: RoleMode, mode: RoleMode): string {
  return `${roleMode === 'tester' ? 'test' : 'cms'}.mode.${mode}`;
}

export function clientEventNames(roleMode: RoleMode): string[] {
  return roleMode === 'user' ? [] : availableModes(roleMode).map((mode) => modeEventName(roleMode, mode));
}

const namespaceOf = (name: string) => (name.split('.')[0] ?? '').toLowerCase();

/** A name of the mode-switch kind (`cms.mode…`, `test.mode…`, in any case): decided by the role, not by the namespace. */
export function isModeEventName(name: string): boolean {
  const [action = '', variant = ''] = name.toLowerCase().split('.');
  return (action === 'cms' || action === 'test') && variant === 'mode';
}

/**
 * Whether a browser may send the event: a mode switch its role offers, or any name outside the
 * server's namespaces (compared without case, so `Auth.x` is `auth.x`). Every other one is
 * refused: a client must not write the audit trail's entries.
 */
export function clientMaySend(name: string, roleMode: RoleMode): boolean {
  if (isModeEventName(name)) return clientEventNames(roleMode).includes(name);
  return !SERVER_EVENT_NAMESPACES.includes(namespaceOf(name));
}

/** The dotted name of an event sent as its parts (the name is split on dots into action, variant and scope). */
export function joinEventName(parts: { action: string; variant?: string | null; scope?: string | null }): string {
  return [parts.action, parts.variant, parts.scope].filter((part) => part != null && part !== '').join('.');
}
