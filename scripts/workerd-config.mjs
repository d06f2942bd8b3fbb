// Writes how to start a build's Worker in workerd, so that the server starts workerd itself and
// neither wrangler (about 130 MB once loaded) nor Miniflare (about 100 MB, with its loopback
// server) stays in the server's memory (scripts/worker-server.mjs). Run as a child process: reads
// { dir, configFile, host, port, ownPort, stateDir, inspectorPort, bindings } as JSON on stdin, makes the
// Miniflare options wrangler derives from the build's wrangler.json (bindings, queues, assets,
// crons…), lets Miniflare assemble workerd's binary configuration, and writes it to `configFile`
// (mode 0600: it holds the Worker's secrets) instead of starting workerd. After a marker line on
// stdout: { command, args, loopbackSecret, crons } as JSON.
import childProcess from 'node:child_process';
import { EventEmitter } from 'node:events';
import { PassThrough, Writable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { readdirSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { Log, LogLevel, Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';

/** The marker before this script's answer: wrangler writes its own lines to stdout too. */
const CONFIG_MARKER = '--- tiles workerd config ---';
const WORKER_NAME = 'tiles-learning-platform';

const request = JSON.parse(await text(process.stdin));
const serverDir = resolve(request.dir, 'server');
const { workerOptions, main } = unstable_getMiniflareWorkerOptions(resolve(serverDir, 'wrangler.json'));
// The build is bundled already (`no_bundle`): its modules are given as they are.
delete workerOptions.modulesRules;

const MODULE_TYPES = { '.mjs': 'ESModule', '.js': 'ESModule', '.wasm': 'CompiledWasm', '.txt': 'Text', '.html': 'Text', '.sql': 'Text', '.bin': 'Data' };
const moduleType = (path) => MODULE_TYPES[extname(path)];
const entry = resolve(main);
/** Every file of the built Worker workerd loads as a module (not its source maps or config), its entry first. */
const modules = [
  entry,
  ...readdirSync(serverDir, { recursive: true, withFileTypes: true })
    .filter((file) => file.isFile() && moduleType(file.name))
    .map((file) => join(file.parentPath, file.name))
    .filter((path) => path !== entry),
].map((path) => ({ type: moduleType(path), path }));

// Instead of workerd, a stand-in that takes the configuration Miniflare writes to its stdin.
childProcess.spawn = function captureWorkerd(command, args) {
  const chunks = [];
  const stdin = new Writable({
    write(chunk, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    final(callback) {
      const config = Buffer.concat(chunks);
      writeFileSync(request.configFile, config, { mode: 0o600 });
      const answer = {
        command,
        args,
        loopbackSecret: loopbackSecretOf(config),
        directories: temporaryDirectoriesOf(config),
        crons: workerOptions.cronTriggers ?? [],
      };
      process.stdout.write(`\n${CONFIG_MARKER}\n${JSON.stringify(answer)}\n`);
      callback();
      process.exit(0);
    },
  });
  const child = new EventEmitter();
  Object.assign(child, { stdin, stdout: new PassThrough(), stderr: new PassThrough(), pid: 0, kill: () => true });
  child.stdio = [stdin, child.stdout, child.stderr, new PassThrough()];
  return child;
};

/**
 * The folders of this Miniflare's temporary directory that the configuration names (its e-mail
 * store's): Miniflare removes the directory as this process exits, so the server makes them again
 * for its workerd, and removes them when that stops.
 */
function temporaryDirectoriesOf(config) {
  const root = join(tmpdir(), 'miniflare-');
  const paths = config
    .toString('latin1')
    .split('\0')
    .filter((text) => text.startsWith(root));
  return [...new Set(paths)];
}

/**
 * The secret workerd sends the loopback service (Miniflare's, here the server's stand-in, which
 * checks it as Miniflare does): the header's value follows its name among the configuration's texts.
 */
function loopbackSecretOf(config) {
  const found = [...config.toString('latin1').matchAll(/MF-Loopback-Secret\0+([0-9a-f]{64})\0/g)];
  if (found.length !== 1) throw new Error(`expected one loopback secret in workerd's configuration, found ${found.length}`);
  return found[0][1];
}

const mf = new Miniflare(
  convertV4MiniflareOptions({
    host: request.host,
    port: request.port,
    ...(request.inspectorPort ? { inspectorPort: Number(request.inspectorPort) } : {}),
    // `wrangler dev --persist-to` keeps its state in v3/ under that folder: the same files.
    resourcePersistencePath: resolve(request.stateDir, 'v3'),
    // Local stand-ins a provider's operator and the tests rely on, as under `wrangler dev`:
    // /cdn-cgi/local/scheduled runs the cron, /cdn-cgi/local/explorer lists the e-mail sent.
    unsafeTriggerHandlers: true,
    unsafeLocalExplorer: true,
    // No Request.cf sample fetched from the internet.
    cf: false,
    log: new Log(LogLevel.WARN),
    logRequests: false,
    workers: [
      {
        name: WORKER_NAME,
        ...workerOptions,
        bindings: { ...workerOptions.bindings, ...request.bindings },
        modules,
        modulesRoot: serverDir,
        // Straight to the Worker (and its assets), past Miniflare's entry: never the public socket's tools.
        unsafeDirectSockets: request.ownPort ? [{ host: '127.0.0.1', port: request.ownPort }] : [],
      },
    ],
  }),
);
await mf.ready;
throw new Error('Miniflare started a workerd of its own');
