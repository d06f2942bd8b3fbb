// 50 concurrent clients for 30 s on a pre-rendered page (the catalogue, a static asset) and on an
// on-demand page (a course page, rendered by the Worker for the signed-in learner from D1).
import autocannon from 'autocannon';
import { markdownTable, writeSection } from './results.mjs';
import { signIn, startServer } from './server.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 30);
const PAGES = [
  { page: 'catalogue (pre-rendered)', path: '/it-IT/catalogo-corsi', signedIn: false },
  { page: 'course (on demand, signed in)', path: '/it-IT/course/triage-pronto-soccorso', signedIn: true },
];
const BROWSER = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, br',
  'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
};

const server = await startServer();
const rows = [];
try {
  const cookie = await signIn(server.base);
  for (const { page, path, signedIn } of PAGES) {
    const headers = { ...BROWSER, ...(signedIn ? { cookie } : {}) };
    // The page must be the real one, not a redirect to sign-in or an error page.
    const check = await fetch(`${server.base}${path}`, { headers, redirect: 'manual' });
    const html = await check.text();
    if (check.status !== 200 || !html.includes('<html')) throw new Error(`${path} answered ${check.status}`);
    console.log(`${page}: ${CONNECTIONS} clients for ${DURATION} s...`);
    const result = await autocannon({
      url: `${server.base}${path}`,
      connections: CONNECTIONS,
      duration: DURATION,
      timeout: 10,
      headers,
    });
    const responses = Object.values(result.statusCodeStats).reduce((sum, { count }) => sum + Number(count), 0);
    const codes = Object.entries(result.statusCodeStats)
      .filter(([code]) => code !== '200')
      .map(([code, { count }]) => `${count}x${code}`)
      .join(' ');
    rows.push({
      page,
      path,
      clients: CONNECTIONS,
      s: result.duration.toFixed(0),
      requests: responses + result.errors,
      'req/s': (responses / result.duration).toFixed(0),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'max ms': result.latency.max,
      'KiB/response': (result.throughput.total / Math.max(1, responses) / 1024).toFixed(1),
      'non-200': codes || '0',
      'conn. errors': `${result.errors} (${result.timeouts} timeouts)`,
      'error rate %': (
        (100 * (result.errors + responses - Number(result.statusCodeStats['200']?.count ?? 0))) /
        Math.max(1, responses + result.errors)
      ).toFixed(2),
    });
  }
} finally {
  await server.stop();
}
console.table(rows);
writeSection(
  'page-load',
  `\`bench/page-load.mjs\`: ${CONNECTIONS} concurrent autocannon clients for ${DURATION} s per page, GET with a browser's Accept, Accept-Encoding (gzip, br) and User-Agent; the course page with the demo learner's \`t-ssid\` cookie. KiB/response is what crossed the wire (compressed when the server compresses).

${markdownTable(rows)}
`,
);
