import { availableModes, type RoleMode } from './mode.ts';

/**
 * The events a browser may send to POST /api/event are the mode switches the interface records
 * (islands/mode/ModeSwitch.tsx): who entered or left CMS and tester mode, and only the modes the
 * user's role offers. Any other name, above all the audit events (`cms.*.edit|publish|...`,
 * `auth.*`, `support.*`), is written by the server alone, in the batch of the change it records.
 */
export function modeEventName(roleMode: RoleMode, mode: RoleMode): string {
  return `${roleMode === 'tester' ? 'test' : 'cms'}.mode.${mode}`;
}

export function clientEventNames(roleMode: RoleMode): string[] {
  return roleMode === 'user' ? [] : availableModes(roleMode).map((mode) => modeEventName(roleMode, mode));
}

/** The dotted name of an event sent as its parts (SPEC section 7: the name is split on dots). */
export function joinEventName(parts: { action: string; variant?: string | null; scope?: string | null }): string {
  return [parts.action, parts.variant, parts.scope].filter((part) => part != null && part !== '').join('.');
}
