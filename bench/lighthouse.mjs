// Lighthouse (mobile form factor, its default simulated throttling) in Debian's Chromium on the home
// page, the catalogue, a course page and the learner's progress page (the last two signed in): the
// four category scores, and the JavaScript and total bytes each page transfers.
//
// The session goes into Chromium's cookie jar (CDP Storage.setCookies), not into Lighthouse's
// `extraHeaders: { Cookie }`: Chromium replaces that header with the jar's own Cookie line as soon
// as the jar holds any cookie for the site. Every page's script sets `t-lc` (document.cookie, in
// src/lib/remember-locale.ts), so the page's own API calls went out without the session (401 on
// /api/stats, badges, levels and progress), and once an earlier run had left `t-lc` in the profile
// even the document was requested signed out and redirected to /it-IT.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { markdownTable, writeSection } from './results.mjs';
import { signIn, startServer } from './server.mjs';

const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const PAGES = [
  { page: 'home', path: '/it-IT', signedIn: false },
  { page: 'catalogue', path: '/it-IT/catalogo-corsi', signedIn: false },
  { page: 'course (signed in)', path: '/it-IT/course/triage-pronto-soccorso', signedIn: true },
  { page: 'user progress (signed in)', path: '/it-IT/profile/user-progress', signedIn: true },
];

const kib = (bytes) => (bytes / 1024).toFixed(1);

/** One command on the browser's own DevTools target (Node's WebSocket client). */
async function browserCommand(port, method, params) {
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  try {
    return await new Promise((resolve, reject) => {
      socket.onmessage = (event) => {
        const message = JSON.parse(event.data);
        if (message.id !== 1) return;
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      };
      socket.send(JSON.stringify({ id: 1, method, params }));
    });
  } finally {
    socket.close();
  }
}

/** Starts each page from an empty cookie jar, holding only the session for signed-in pages. */
async function setCookies(port, base, cookie) {
  await browserCommand(port, 'Storage.clearCookies', {});
  if (!cookie) return;
  const [name, ...value] = cookie.split('=');
  await browserCommand(port, 'Storage.setCookies', { cookies: [{ name, value: value.join('='), url: base, path: '/', httpOnly: true, sameSite: 'Lax' }] });
}

const server = await startServer();
const rows = [];
const findings = [];
let version = '';
let chrome;
try {
  const cookie = await signIn(server.base);
  chrome = await launch({ chromePath: CHROME, chromeFlags: FLAGS, logLevel: 'error' });
  for (const { page, path, signedIn } of PAGES) {
    console.log(`${page}: ${path}...`);
    // Lighthouse now and then fails to record the trace on a busy machine (NO_NAVSTART): run again.
    let lhr;
    for (let attempt = 1; attempt <= 3; attempt++) {
      await setCookies(chrome.port, server.base, signedIn ? cookie : undefined);
      ({ lhr } = await lighthouse(`${server.base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES }));
      if (!lhr.runtimeError) break;
      console.error(`  attempt ${attempt}: ${lhr.runtimeError.code}`);
    }
    version = lhr.lighthouseVersion;
    if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // A signed-in page that fell back to the home page (cookie not sent) would measure the wrong page.
    if (new URL(lhr.finalDisplayedUrl).pathname !== path) throw new Error(`${path} ended on ${lhr.finalDisplayedUrl}`);
    const requests = lhr.audits['network-requests'].details?.items ?? [];
    const refused = requests.filter((request) => request.statusCode === 401 || request.statusCode === 403);
    if (signedIn && refused.length) throw new Error(`${path}: signed out requests ${refused.map((request) => request.url).join(', ')}`);
    const scriptBytes = requests.filter((request) => request.resourceType === 'Script').reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
    const score = (category) => Math.round((lhr.categories[category].score ?? 0) * 100);
    const metric = (id) => lhr.audits[id]?.numericValue;
    rows.push({
      page,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best practices': score('best-practices'),
      SEO: score('seo'),
      'JS KiB': kib(scriptBytes),
      'total KiB': kib(lhr.audits['total-byte-weight'].numericValue),
      requests: requests.length,
      'FCP s': (metric('first-contentful-paint') / 1000).toFixed(1),
      'LCP s': (metric('largest-contentful-paint') / 1000).toFixed(1),
      'TBT ms': Math.round(metric('total-blocking-time')),
      CLS: metric('cumulative-layout-shift').toFixed(3),
    });
    // The audits that cost points outside performance, to know what the scores mean.
    for (const category of CATEGORIES.slice(1)) {
      for (const ref of lhr.categories[category].auditRefs) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) findings.push(`${page}, ${category}: ${audit.id} (${audit.title})`);
      }
    }
    if (lhr.environment?.benchmarkIndex) console.log(`  Lighthouse CPU benchmark index: ${lhr.environment.benchmarkIndex}`);
  }
} finally {
  chrome?.kill();
  await server.stop();
}
console.table(rows);
for (const finding of findings) console.log(`- ${finding}`);
writeSection(
  'lighthouse',
  `\`bench/lighthouse.mjs\`: Lighthouse ${version} in \`/usr/bin/chromium\` (headless), mobile form factor with Lighthouse's default simulated throttling; signed-in pages with the demo learner's \`t-ssid\` cookie in the browser's cookie jar (not \`extraHeaders\`, which Chromium overrides with the jar's cookies). JS KiB = transfer size of the Script requests (\`network-requests\` audit); total KiB = \`total-byte-weight\`. FCP/LCP/TBT are simulated mobile figures, sensitive to the machine's load.

${markdownTable(rows)}

Audits below a full score in accessibility, best practices and SEO: ${findings.length ? `\n\n${findings.map((finding) => `- ${finding}`).join('\n')}` : 'none.'}
`,
);
