// Writes builds/latest.json and builds/meta/{buildId}.json into the static output of every build,
// and gives the pages the id they were built with, so that clients can tell a newer build.
import { mkdir, writeFile } from 'node:fs/promises';

export function buildInfo() {
  const id = process.env.BUILD_ID ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const builtAt = new Date().toISOString();
  return {
    name: 'tiles-build-info',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { define: { 'import.meta.env.PUBLIC_BUILD_ID': JSON.stringify(id) } } });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const info = JSON.stringify({ id, builtAt });
        await mkdir(new URL('builds/meta/', dir), { recursive: true });
        await writeFile(new URL('builds/latest.json', dir), info);
        await writeFile(new URL(`builds/meta/${id}.json`, dir), info);
        logger.info(`build ${id} written to builds/latest.json`);
      },
    },
  };
}
