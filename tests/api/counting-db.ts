import { env } from 'cloudflare:workers';
import type { D1Database } from '@cloudflare/workers-types';

/** The test database, counting its round trips: batches and single statements run. */
export function countingDb(): { db: D1Database; trips: () => number } {
  let trips = 0;
  const counted = <T extends object>(target: T, methods: string[]): T =>
    new Proxy(target, {
      get(object, property) {
        const value = Reflect.get(object, property, object) as unknown;
        if (typeof value !== 'function') return value;
        const bound = (value as (...args: unknown[]) => unknown).bind(object);
        if (property === 'prepare') return (sql: string) => counted(env.DB.prepare(sql), ['first', 'all', 'run', 'raw']);
        if (property === 'bind') return (...args: unknown[]) => counted(bound(...args) as object, ['first', 'all', 'run', 'raw']);
        if (!methods.includes(String(property))) return bound;
        return (...args: unknown[]) => {
          trips++;
          return bound(...args);
        };
      },
    });
  return { db: counted(env.DB, ['batch']), trips: () => trips };
}
