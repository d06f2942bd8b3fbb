/** What a publish hands to the production build: the request to report on, and the site. */
export interface DeployHookPayload {
  requestId: number;
  siteId: string;
}

/** GitHub's repository_dispatch endpoint, which starts `.github/workflows/publish.yml`. */
const GITHUB_DISPATCH = /^https:\/\/api\.github\.com\/repos\/[^/]+\/[^/]+\/dispatches$/;

/**
 * The call to DEPLOY_HOOK_URL. Pointed at GitHub's dispatch API it sends the `publish` event that
 * workflow listens for, authenticated with DEPLOY_HOOK_TOKEN (GitHub refuses calls without a
 * User-Agent); any other hook gets the payload as it is, with the token as a bearer when set.
 */
export function deployHookRequest(hookUrl: string, token: string | undefined, payload: DeployHookPayload): RequestInit {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (GITHUB_DISPATCH.test(hookUrl)) {
    return {
      method: 'POST',
      headers: { ...headers, accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28', 'user-agent': 'tiles-learning-platform' },
      body: JSON.stringify({ event_type: 'publish', client_payload: payload }),
    };
  }
  return { method: 'POST', headers, body: JSON.stringify(payload) };
}
