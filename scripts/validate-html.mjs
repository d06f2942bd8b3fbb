// npm run validate: the W3C Nu HTML checker on every template (scripts/html-check.mjs). Builds and
// starts the site on its own port, database and build folder (as the benchmarks do), checks, stops.
// VALIDATE_BASE=http://localhost:4321 checks a site that is already running instead.
import { checkHtml, collectPages, formatErrors } from './html-check.mjs';
import { startServer } from '../bench/server.mjs';

const server = process.env.VALIDATE_BASE
  ? { base: process.env.VALIDATE_BASE, stop: async () => undefined }
  : await startServer({ port: Number(process.env.VALIDATE_PORT ?? 4700), stateDir: '.wrangler/validate-state', outDir: '.wrangler/validate-dist' });
let failed = false;
try {
  const pages = await collectPages(server.base);
  const { errors, astro, checked } = checkHtml(pages);
  console.log(`Nu HTML checker: ${checked} pages, ${errors.length} errors (${astro.length} more in Astro's own view-transition CSS, not counted).`);
  if (errors.length > 0) {
    console.error(formatErrors(errors));
    failed = true;
  }
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
