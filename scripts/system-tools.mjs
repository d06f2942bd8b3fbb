// What the tests need from the system, beside node_modules: Debian's Chromium, as its headless shell
// (what Playwright drives for nearly every test, as it does by default: the same Blink without the
// browser's window, tab strip and their renderers, about a third less CPU per test) and as the full
// browser (its PDF viewer, and Lighthouse); never `npx playwright install`. Also Java for the W3C
// Nu HTML checker (npm vnu-jar) and xmllint for the ECM registry report's XSD. npm test installs what is missing when it can (root on Debian, as
// on a fresh CI machine); anywhere else it stops at once and names the one command to run.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/** @type {Array<{ name: string, command: string, apt: string, browser?: boolean }>} */
export const SYSTEM_TOOLS = [
  { name: 'Chromium', command: CHROMIUM_PATH, apt: 'chromium', browser: true },
  { name: "Chromium's headless shell", command: CHROMIUM_HEADLESS_SHELL_PATH, apt: 'chromium-headless-shell', browser: true },
  { name: 'Java', command: 'java', apt: 'default-jre-headless' },
  { name: 'xmllint', command: 'xmllint', apt: 'libxml2-utils' },
];

/** Whether `command` (a path, or a name looked up on PATH) can be run. */
export function canRun(command, pathVariable = process.env.PATH ?? '') {
  const candidates = command.includes('/') ? [command] : pathVariable.split(path.delimiter).map((dir) => path.join(dir, command));
  return candidates.some((candidate) => {
    try {
      accessSync(candidate, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** The tools that cannot be run here. */
export function missingTools(tools = SYSTEM_TOOLS, pathVariable = process.env.PATH) {
  return tools.filter((tool) => !canRun(tool.command, pathVariable));
}

/** The one command that installs `missing` on a Debian or Ubuntu machine. */
export function installCommand(missing, asRoot) {
  const packages = missing.map((tool) => tool.apt).join(' ');
  return `${asRoot ? '' : 'sudo '}apt-get update && ${asRoot ? '' : 'sudo '}apt-get install -y ${packages}`;
}

/**
 * Installs what is missing when this process may (root, with apt-get), else stops the run with the
 * command to type. The small tools are in place when it returns; the browsers, the bulk of a fresh
 * machine's download, install in the background meanwhile: the returned promise settles when they
 * are in place (or rejects), so the suites that need no browser, and the browser suite's own build,
 * need not wait for them.
 */
export function ensureSystemTools({ tools = SYSTEM_TOOLS, isRoot = process.getuid?.() === 0, hasApt = existsSync('/usr/bin/apt-get') } = {}) {
  const missing = missingTools(tools);
  if (missing.length === 0) return Promise.resolve([]);
  const names = missing.map((tool) => tool.name).join(', ');
  if (!isRoot || !hasApt) {
    console.error(
      `npm test needs ${names}, which this machine lacks. Install ${missing.length === 1 ? 'it' : 'them'} with:\n\n  ${installCommand(missing, false)}\n\nthen run npm test again.`,
    );
    process.exit(1);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const aptArgs = (group) => ['install', '-y', '-qq', ...group.map((tool) => tool.apt)];
  const fail = (message) => {
    console.error(message);
    process.exit(1);
  };
  console.log(`Installing ${names} from apt (${missing.map((tool) => tool.apt).join(' ')})…`);
  const small = missing.filter((tool) => !tool.browser);
  const browsers = missing.filter((tool) => tool.browser);
  for (const args of [['update', '-qq'], ...(small.length > 0 ? [aptArgs(small)] : [])]) {
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (result.status !== 0) fail(`apt-get ${args.join(' ')} failed with ${result.status}`);
  }
  if (missingTools(small).length > 0)
    fail(
      `Still missing after apt-get: ${missingTools(small)
        .map((tool) => tool.name)
        .join(', ')}`,
    );
  if (browsers.length === 0) return Promise.resolve(missing);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('apt-get', aptArgs(browsers), { stdio: ['ignore', 'ignore', 'inherit'], env });
    child.on('error', reject);
    child.on('close', (code) => {
      const still = missingTools(browsers);
      if (code !== 0 || still.length > 0)
        reject(new Error(`apt-get ${aptArgs(browsers).join(' ')} failed with ${code}; missing: ${still.map((tool) => tool.name).join(', ')}`));
      else {
        console.log(`Installed ${browsers.map((tool) => tool.name).join(', ')} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
        resolve(missing);
      }
    });
  });
}
