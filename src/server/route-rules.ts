import { isLocaleCode, pathSegments } from '../../core/locale.ts';

/** Guard 5: old or alternative addresses and where they now live ({locale} is kept). */
export const ROUTE_RULES: { from: string; to: string }[] = [
  { from: 'home', to: '' },
  { from: 'catalogo', to: 'catalogo-corsi' },
  { from: 'catalogo-no-ecm', to: 'catalogo-corsi-no-ecm' },
  { from: 'about', to: 'chi-siamo' },
  { from: 'support', to: 'assistenza' },
  { from: 'login', to: '/tiles-access' },
];

/** The redirect a rule asks for, or null. A target starting with '/' is absolute (a full page load). */
export function applyRouteRules(pathname: string, search: string): string | null {
  const segments = pathSegments(pathname);
  if (!isLocaleCode(segments[0]) || segments.length !== 2) return null;
  const rule = ROUTE_RULES.find((candidate) => candidate.from === segments[1]);
  if (!rule) return null;
  if (rule.to.startsWith('/')) return rule.to;
  return `/${segments[0]}${rule.to ? `/${rule.to}` : ''}${search}`;
}
