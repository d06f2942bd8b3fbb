// What the tests need from the system, beside node_modules: Debian's Chromium, as its headless shell
// (what Playwright drives for nearly every test, as it does by default: the same Blink without the
// browser's window, tab strip and their renderers, about a third less CPU per test) and as the full
// browser (its PDF viewer, and Lighthouse); never `npx playwright install`. Also Java for the W3C
// Nu HTML checker (npm vnu-jar) and xmllint for the ECM registry report's XSD. npm test installs what is missing when it can (root on Debian, as
// on a fresh CI machine); anywhere else it stops at once and names the one command to run.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/** @type {Array<{ name: string, command: string, apt: string }>} */
export const SYSTEM_TOOLS = [
  { name: 'Chromium', command: CHROMIUM_PATH, apt: 'chromium' },
  { name: "Chromium's headless shell", command: CHROMIUM_HEADLESS_SHELL_PATH, apt: 'chromium-headless-shell' },
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
 * command to type. Returns the tools it installed.
 */
export function ensureSystemTools({ tools = SYSTEM_TOOLS, isRoot = process.getuid?.() === 0, hasApt = existsSync('/usr/bin/apt-get') } = {}) {
  const missing = missingTools(tools);
  if (missing.length === 0) return [];
  const names = missing.map((tool) => tool.name).join(', ');
  if (!isRoot || !hasApt) {
    console.error(
      `npm test needs ${names}, which this machine lacks. Install ${missing.length === 1 ? 'it' : 'them'} with:\n\n  ${installCommand(missing, false)}\n\nthen run npm test again.`,
    );
    process.exit(1);
  }
  console.log(`Installing ${names} from apt (${missing.map((tool) => tool.apt).join(' ')})…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...missing.map((tool) => tool.apt)],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed with ${result.status}`);
      process.exit(1);
    }
  }
  const still = missingTools(tools);
  if (still.length > 0) {
    console.error(`Still missing after apt-get: ${still.map((tool) => tool.name).join(', ')}`);
    process.exit(1);
  }
  return missing;
}
