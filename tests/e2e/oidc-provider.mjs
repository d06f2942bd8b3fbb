// A real OpenID Connect provider (panva's oidc-provider) for the browser tests, on loopback only.
// Its development login accepts any account name: enough to drive the whole flow in Chromium.
import Provider from 'oidc-provider';

const port = Number(process.env.OIDC_PORT ?? 4398);
// Every browser-test server's origin (one per Playwright worker), comma-separated.
const apps = (process.env.APP_ORIGIN ?? 'http://localhost:4399').split(',');

const provider = new Provider(`http://localhost:${port}`, {
  clients: [
    {
      client_id: 'tiles-e2e',
      client_secret: 'tiles-e2e-secret',
      redirect_uris: apps.map((app) => `${app}/federated/medikey/callback`),
      post_logout_redirect_uris: apps.map((app) => `${app}/it-IT`),
      response_types: ['code'],
      grant_types: ['authorization_code'],
    },
  ],
  pkce: { required: () => true },
  // Profile claims in the ID token itself: the platform reads names from it.
  conformIdTokenClaims: false,
  features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
  claims: { openid: ['sub'], profile: ['given_name', 'family_name'], email: ['email'] },
  async findAccount(_ctx, id) {
    return {
      accountId: id,
      async claims() {
        return { sub: id, given_name: 'Federica', family_name: 'Medici', email: `${id}@example.it` };
      },
    };
  },
  cookies: { keys: ['tiles-e2e-cookie-key-0123456789'] },
});
provider.listen(port, '127.0.0.1', () => console.log(`OIDC provider on http://localhost:${port}`));
