// bench/RESULTS.md: one `## <bench name>` section per script, replaced each time that script runs.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

const FILE = 'bench/RESULTS.md';
const HEADER = `# Benchmark results

Written by the scripts in \`bench/\` (\`npm run bench\`, or \`npm run bench -- <name>\` for one): each
replaces its own section on every run. Latencies are measured by the load client on the same machine
as the server (local workerd and D1 behind the \`npm start\` proxy), so they include its CPU contention.
`;

/** A Markdown table from rows of plain objects (the columns of the first row). */
export function markdownTable(rows) {
  const columns = Object.keys(rows[0] ?? {});
  const cell = (value) => String(value ?? '').replaceAll('|', '\\|');
  return [
    `| ${columns.join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${columns.map((column) => cell(row[column])).join(' | ')} |`),
  ].join('\n');
}

/**
 * Replaces (or appends) the `## name` section with the run's date, the machine and `body`.
 * BENCH_NOTE adds a line, e.g. "measured while other work ran on the machine".
 */
export function writeSection(name, body) {
  // The load average tells how much else ran on the machine meanwhile (this bench's own load included).
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, load average at the end ${load} (1 / 5 / 15 min)`;
  const note = process.env.BENCH_NOTE ? `\n\n${process.env.BENCH_NOTE}` : '';
  const section = `## ${name}\n\n${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${machine}.${note}\n\n${body.trim()}\n`;
  const text = existsSync(FILE) ? readFileSync(FILE, 'utf8') : HEADER;
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line === `## ${name}`);
  let next;
  if (start === -1) next = `${text.trimEnd()}\n\n${section}`;
  else {
    const end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
    const before = lines.slice(0, start).join('\n').trimEnd();
    const after = end === -1 ? '' : lines.slice(end).join('\n').trim();
    next = `${before}\n\n${section}${after ? `\n${after}\n` : ''}`;
  }
  writeFileSync(FILE, next);
}

/** The p-th percentile of an ascending array. */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
