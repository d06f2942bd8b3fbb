import { existsSync, readFileSync } from 'node:fs';
import { installCommand, missingTools, SYSTEM_TOOLS } from '../../scripts/system-tools.mjs';

const browsers = SYSTEM_TOOLS.filter((tool) => tool.browser);

/**
 * Runs after the servers are up (Playwright starts its webServer first), before any browser: under
 * npm test the browsers may still be installing beside the build (scripts/test.mjs), so this waits
 * for that install's word; run alone, it names the command that installs a missing browser.
 */
export default async function globalSetup(): Promise<void> {
  const ready = process.env.TILES_BROWSERS_READY;
  if (ready) {
    const started = Date.now();
    while (!existsSync(ready)) {
      if (Date.now() - started > 600_000) throw new Error('The browsers were not installed within 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const word = readFileSync(ready, 'utf8');
    if (word !== 'ok') throw new Error(word);
  }
  const missing = missingTools(browsers);
  if (missing.length > 0) throw new Error(`The browser tests need ${missing.map((tool) => tool.name).join(', ')}: ${installCommand(missing, false)}`);
}
