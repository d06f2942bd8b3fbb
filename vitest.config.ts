import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

export default defineConfig(async () => {
  const migrations = await readD1Migrations('migrations');
  return {
    test: {
      projects: [
        {
          test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000 },
        },
        {
          // Builds and bundles the site twice (npm run deploy -- --dry-run) around a live local Worker.
          test: { name: 'deploy', include: ['tests/deploy/**/*.test.ts'], environment: 'node', testTimeout: 900_000, hookTimeout: 60_000 },
        },
        {
          // API tests run in workerd against a real D1, migrated in set-up.
          plugins: [
            cloudflareTest({
              main: './tests/api/api-worker.ts',
              wrangler: { configPath: './wrangler.toml' },
              miniflare: {
                // A second, empty database: migration-upgrade.test.ts migrates it in two steps.
                d1Databases: { UPGRADE_DB: 'upgrade-db' },
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  ENVIRONMENT: 'development',
                  // The clock rules are checked hit by hit on the direct path; hit-queue.test.ts sends through the queue.
                  HIT_WRITES: 'direct',
                  SESSION_SECRET: 'api-test-session-secret-0123456789abcdefghij',
                  PASSWORD_PEPPER: 'api-test-pepper-0123456789',
                  OIDC_PROVIDERS: JSON.stringify([{ id: 'mock', name: 'Mock IdP', issuer: 'https://idp.example.test', clientId: 'tiles-platform' }]),
                  OIDC_SECRET_MOCK: 'mock-client-secret',
                  SCORM_CONTENT_ORIGIN: 'http://scorm-content.test',
                },
              },
            }),
          ],
          // npm test runs the browser suite beside this one on two cores: a test's guard against a
          // hang is generous, not a measure of speed (those are asserted where they matter).
          // isolate: false, files share a workerd per vitest worker (one start each instead of one per
          // file: 5.5 min -> 2.5 min); apply-migrations.ts gives each file a freshly migrated database.
          test: {
            name: 'api',
            include: ['tests/api/**/*.test.ts'],
            isolate: false,
            setupFiles: ['tests/api/apply-migrations.ts'],
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
      ],
    },
  };
});
