import { beforeAll, describe, expect, it } from 'vitest';
import { LOG_USER_HEADER } from '../../functions/request-log.ts';
import { call, LEARNER, seedFixtures, signIn, SITE } from './fixtures.ts';

beforeAll(seedFixtures);

describe('the user of the log line', () => {
  it('is named for a signed-in caller and for nobody else', async () => {
    const cookie = await signIn(LEARNER);
    expect((await call('/api/auth/user', { cookie })).headers.get(LOG_USER_HEADER)).toBe(LEARNER.id);
    // A refusal is logged with its user too.
    expect((await call('/api/cms/drafts', { cookie })).headers.get(LOG_USER_HEADER)).toBe(LEARNER.id);
    expect((await call(`/api/site/sites/${SITE}`)).headers.get(LOG_USER_HEADER)).toBeNull();
    expect((await call('/api/auth/user')).headers.get(LOG_USER_HEADER)).toBeNull();
  });
});
