import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Env } from '../../../functions/env.ts';
import { healthAnswer } from '../../../functions/health.ts';

// What a provider's uptime monitor polls (README, "Run it on a server"): /healthz.
describe('the health answer', () => {
  it('is 200 with the build when the database answers, never stored', async () => {
    const answer = await healthAnswer(env as unknown as Env, 'build-1');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.json()).toEqual({ status: 'ok', database: 'ok', build: 'build-1' });
  });

  it('is 503 when the database is missing or not migrated', async () => {
    const broken = {
      ...env,
      DB: {
        prepare: () => {
          throw new Error('D1_ERROR: no such table: content_version');
        },
      },
    } as unknown as Env;
    const answer = await healthAnswer(broken, 'build-1');
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ status: 'unavailable', database: 'error', build: 'build-1' });
  });
});
