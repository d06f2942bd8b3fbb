// The W3C Nu HTML checker (npm vnu-jar, run with the machine's Java) on one page of every template:
// every public page the sitemap lists, and the on-demand pages, fetched signed in. Shared by
// `npm run validate` (scripts/validate-html.mjs) and the end-to-end suite (tests/e2e/html-validity.spec.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// vnu-jar's main module is the path of the jar it ships.
const VNU_JAR = createRequire(import.meta.url)('vnu-jar');

/** On-demand templates, each reached through one page; `as` names the demo account to sign in with. */
export const ON_DEMAND_PAGES = [
  { path: '/tiles-access' },
  { path: '/it-IT/password/forgot' },
  { path: '/en-US/password/reset?t=not-a-link-that-exists-0123456789', status: 400 },
  { path: '/it-IT/catalogo-corsi/cerca?q=paziente' },
  // A category without a course: out of the sitemap, still a page people reach.
  { path: '/de-DE/catalogo-corsi-no-ecm/emergenza-urgenza' },
  { path: '/en-US/catalogo-corsi-no-ecm/cerca?q=safety' },
  { path: '/de-DE/pagina-che-non-esiste', status: 404 },
  { path: '/it-IT/course/non-esiste', as: 'learner', status: 404 },
  { path: '/it-IT/profile', as: 'learner' },
  { path: '/it-IT/profile', as: 'editor' },
  { path: '/it-IT/profile/user-data', as: 'learner' },
  { path: '/it-IT/profile/password', as: 'learner' },
  { path: '/it-IT/profile/user-archive', as: 'learner' },
  { path: '/it-IT/profile/user-courses', as: 'learner' },
  { path: '/it-IT/profile/user-progress', as: 'learner' },
  { path: '/it-IT/profile/my-data', as: 'learner' },
  { path: '/it-IT/profile/my-data/view', as: 'learner' },
  { path: '/en-US/profile/ecm-details', as: 'learner' },
  { path: '/it-IT/account-deleted' },
  { path: '/en-US/profile/user-progress', as: 'newcomer' },
  { path: '/it-IT/course/triage-pronto-soccorso', as: 'learner' },
  { path: '/it-IT/course/session/triage-pronto-soccorso/1/1', as: 'learner' },
  // A lesson written as a document: headings, a list, a table, bold and a link.
  { path: '/it-IT/course/session/deterioramento-clinico-news2/1/1', as: 'learner' },
  { path: '/it-IT/course/session/prevenzione-ica/1/2', as: 'learner' },
  { path: '/it-IT/course/session/triage-pronto-soccorso/1/2', as: 'learner' },
  // The ECM steps of a course: the assessment island under the course's credits.
  { path: '/it-IT/course/ecm/bls-d-adulto', as: 'learner' },
  { path: '/test', as: 'tester' },
  { path: '/it-IT/staff/people', as: 'staff' },
  { path: '/it-IT/staff/people?q=ferr&status=active', as: 'staff' },
  { path: '/it-IT/staff/people/u-corsista-1', as: 'staff' },
  { path: '/it-IT/staff/courses', as: 'staff' },
  { path: '/it-IT/staff/courses/movimentazione-pazienti', as: 'staff' },
  { path: '/it-IT/staff/courses', as: 'editor' },
  { path: '/it-IT/staff/courses/prevenzione-ica/edit', as: 'editor' },
  { path: '/it-IT/staff/people/new', as: 'staff' },
  { path: '/it-IT/staff/people/import', as: 'staff' },
  { path: '/it-IT/staff/settings', as: 'staff' },
  { path: '/it-IT/invitation?t=not-a-link-that-exists-0123456789', status: 400 },
  { path: '/it-IT/email/confirm?t=not-a-link-that-exists-0123456789', status: 400 },
  { path: '/it-IT/staff/people/u-corsista-1?ask=suspend', as: 'staff' },
  { path: '/it-IT/staff/support', as: 'staff' },
  { path: '/it-IT/course/movimentazione-pazienti', as: 'outsider' },
  { path: '/it-IT/ispezione-ecm', as: 'auditor' },
  { path: '/it-IT/ispezione-ecm?corso=bls-d-adulto', as: 'auditor' },
];

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

export const ACCOUNTS = {
  learner: ['studente.demo', 'Studente-Demo-2026!'],
  newcomer: ['nuovo.demo', 'Nuovo-Demo-2026!'],
  editor: ['editor.demo', 'Editor-Demo-2026!'],
  tester: ['tester.demo', 'Tester-Demo-2026!'],
  staff: ['segreteria.demo', 'Segreteria-Demo-2026!'],
  auditor: ['ispettore.demo', 'Ispettore-Demo-2026!'],
  // A learner of the demo cohort the course taken by enrolment does not let in.
  outsider: ['noemi.coppola', 'Corsista-Demo-2026!'],
};

/**
 * The `<style>` elements Astro itself writes for view transitions (`transition:animate`): the
 * checker's CSS grammar predates `view-transition-name` and `::view-transition-*`, so it reports
 * them as unknown property and parse errors. Not ours to fix; every other error is.
 */
function transitionStyleRanges(html) {
  return [...html.matchAll(/<style[^>]*>[^<]*view-transition[^<]*<\/style>/g)].map((match) => [match.index, match.index + match[0].length]);
}

/** The character offset of a 1-based line and column. */
function offsetOf(html, line, column) {
  let offset = 0;
  for (let current = 1; current < line; current++) offset = html.indexOf('\n', offset) + 1;
  return offset + column - 1;
}

/** Signs one demo account in through the API and returns its cookie header. */
export async function signIn(base, account) {
  const [cu, cp] = ACCOUNTS[account];
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'tiles-site-id': 'tiles-demo', 'tiles-locale-code': 'it-IT', origin: base },
    body: JSON.stringify({ cu, cp, ua: 'html-check' }),
  });
  if (!response.ok) throw new Error(`Sign-in of ${cu} failed: ${response.status}`);
  return response.headers.get('set-cookie').split(';')[0];
}

/** Every page to check, with its HTML: the sitemap's public pages and the on-demand ones. */
export async function collectPages(base) {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const publicPaths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  if (publicPaths.length === 0) throw new Error('The sitemap lists no page');
  const cookies = {};
  const pages = [];
  for (const entry of [...publicPaths.map((path) => ({ path })), ...ON_DEMAND_PAGES]) {
    if (entry.as) cookies[entry.as] ??= await signIn(base, entry.as);
    // A browser's user agent: crawlers get error pages without a body.
    const headers = { accept: 'text/html', 'user-agent': BROWSER, ...(entry.as ? { cookie: cookies[entry.as] } : {}) };
    const response = await fetch(`${base}${entry.path}`, { headers, redirect: 'manual' });
    const expected = entry.status ?? 200;
    if (response.status !== expected) throw new Error(`${entry.path}${entry.as ? ` (as ${entry.as})` : ''} answered ${response.status}, expected ${expected}`);
    pages.push({ name: `${entry.path}${entry.as ? ` (as ${entry.as})` : ''}`, html: await response.text() });
  }
  return pages;
}

/**
 * Runs the checker once (one JVM) on every page; returns the errors per page, Astro's own
 * transition CSS errors apart. Warnings and info messages are not errors.
 */
export function checkHtml(pages) {
  const dir = mkdtempSync(join(tmpdir(), 'html-check-'));
  try {
    const files = pages.map((page, index) => {
      const file = join(dir, `page-${String(index).padStart(4, '0')}.html`);
      writeFileSync(file, page.html);
      return file;
    });
    const result = spawnSync('java', ['-Xss4m', '-jar', VNU_JAR, '--format', 'json', '--stdout', '--exit-zero-always', ...files], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (result.error) throw result.error;
    if (result.status !== 0) throw new Error(`vnu failed (${result.status}): ${result.stderr}`);
    const { messages } = JSON.parse(result.stdout);
    const byFile = new Map(files.map((file, index) => [`file:${file}`, index]));
    const errors = [];
    const astro = [];
    for (const message of messages) {
      if (message.type !== 'error') continue;
      const index = byFile.get(message.url);
      const page = index === undefined ? { name: message.url, html: '' } : pages[index];
      const entry = { page: page.name, line: message.lastLine, message: message.message, extract: message.extract };
      const at = offsetOf(page.html, message.lastLine ?? 1, message.lastColumn ?? 1);
      (transitionStyleRanges(page.html).some(([start, end]) => at >= start && at <= end) ? astro : errors).push(entry);
    }
    return { errors, astro, checked: pages.length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One line per error, for a report. */
export function formatErrors(errors) {
  return errors
    .map((error) => `${error.page}:${error.line ?? '?'}: ${error.message}${error.extract ? `\n    ${error.extract.replace(/\s+/g, ' ').trim()}` : ''}`)
    .join('\n');
}
