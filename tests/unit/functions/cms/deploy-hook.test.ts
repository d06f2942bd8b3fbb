import { describe, expect, it } from 'vitest';
import { deployHookRequest } from '../../../../functions/cms/deploy-hook.ts';

const payload = { requestId: 42, siteId: 'tiles-demo' };

describe('deployHookRequest', () => {
  it("starts GitHub's publish workflow through repository_dispatch, with the token and a User-Agent", () => {
    const init = deployHookRequest('https://api.github.com/repos/tiles/platform/dispatches', 'ghp-token', payload);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ event_type: 'publish', client_payload: payload });
    expect(init.headers).toMatchObject({ authorization: 'Bearer ghp-token', accept: 'application/vnd.github+json', 'user-agent': 'tiles-learning-platform' });
  });

  it('sends any other hook the payload as it is, with no credential unless one is set', () => {
    const init = deployHookRequest('https://deploy.example/hook', undefined, payload);
    expect(JSON.parse(String(init.body))).toEqual(payload);
    expect(init.headers).toEqual({ 'content-type': 'application/json' });
    // A look-alike address is not GitHub's: it never gets the GitHub-shaped call.
    expect(JSON.parse(String(deployHookRequest('https://api.github.com.evil.example/repos/a/b/dispatches', 't', payload).body))).toEqual(payload);
  });
});
