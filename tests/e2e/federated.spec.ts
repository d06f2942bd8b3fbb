import { appPort, expect, test, type Page } from './fixtures.ts';

// The site and the provider run on the ports playwright.config.ts gives them.
const IDP = process.env.E2E_OIDC_PORT ?? '4398';
const onApp = (path: string) => new RegExp(`localhost:${appPort()}${path.replaceAll('/', '\\/')}$`);
/** The once-only question a new federated account gets on its way to the profile. */
const askedForDetails = (url: URL) =>
  url.port === appPort() && url.pathname === '/it-IT/profile/ecm-details' && url.searchParams.get('returnTo') === '/it-IT/profile';

/** Drives the provider's own pages: its development login accepts any account name. */
async function signInAtProvider(page: Page, account: string) {
  await page.locator('input[name="login"]').fill(account);
  const password = page.locator('input[name="password"]');
  if (await password.count()) await password.fill('any-password');
  await page.locator('button[type="submit"]').first().click();
  // The provider asks for consent the first time this account meets the client.
  await page.waitForURL((url) => !url.pathname.startsWith('/interaction/') || url.port !== appPort());
  if (new URL(page.url()).port === IDP) await page.locator('button[type="submit"]').first().click();
}

async function currentUser(page: Page) {
  const response = await page.request.get('/api/auth/user', { headers: { 'tiles-site-id': 'tiles-demo', 'tiles-locale-code': 'it-IT' } });
  return response.ok() ? ((await response.json()) as { outcome: { _id: string; federated: { provider: string }[] } }).outcome : null;
}

test('Medikey sign-in creates a learner, logout ends the provider session, the next sign-in reuses the learner', async ({ page, context }) => {
  await page.goto('/tiles-access');
  await page.getByRole('link', { name: 'Accedi con Medikey' }).click();
  await page.waitForURL(new RegExp(`localhost:${IDP}/interaction/`));
  await signInAtProvider(page, 'fed-e2e-1');
  // A new account is asked once for what ECM needs (tests/e2e/data-rights.spec.ts follows it); answered here with the gender alone.
  await page.waitForURL(askedForDetails);
  await page.getByLabel('Neutro').check();
  await page.getByRole('button', { name: 'Salva' }).click();
  await page.waitForURL(onApp('/it-IT/profile'));
  await expect(page.getByTestId('profile-greeting')).toHaveText('Ciao, Federica Medici');
  const first = await currentUser(page);
  expect(first?.federated).toEqual([{ provider: 'medikey', federatedId: 'fed-e2e-1' }]);
  expect((await context.cookies()).find((c) => c.name === 't-ssid')?.httpOnly).toBe(true);

  await page.getByTestId('logout-link').click();
  await page.waitForURL(new RegExp(`localhost:${IDP}/session/end`));
  await page.locator('button[type="submit"], button[autofocus]').first().click();
  await page.waitForURL(onApp('/it-IT'));
  expect(await currentUser(page)).toBeNull();

  await page.goto('/tiles-access');
  await page.getByRole('link', { name: 'Accedi con Medikey' }).click();
  await signInAtProvider(page, 'fed-e2e-1');
  await page.waitForURL(onApp('/it-IT/profile'));
  expect((await currentUser(page))?._id).toBe(first?._id);
});

test('a wrong state is refused with a clear message and no session cookie', async ({ page, context }) => {
  await page.goto('/federated/medikey');
  await page.waitForURL(new RegExp(`localhost:${IDP}/`));
  const response = await page.goto('/federated/medikey/callback?code=forged-code&state=wrong-state');
  expect(response?.status()).toBe(401);
  await expect(page.getByRole('heading', { name: 'Accesso non riuscito' })).toBeVisible();
  await expect(page.getByTestId('federated-error')).toContainText('Nessuna sessione è stata aperta');
  expect((await context.cookies()).find((c) => c.name === 't-ssid')).toBeUndefined();
});

test('a forged ID token and a foreign returnTo are refused by the API, with no cookie', async ({ request }) => {
  const headers = { 'tiles-site-id': 'tiles-demo', 'tiles-locale-code': 'it-IT' };
  const forged =
    'eyJhbGciOiJSUzI1NiIsImtpZCI6ImZvcmdlZCJ9.eyJzdWIiOiJhdHRhY2tlciIsImlzcyI6Imh0dHA6Ly9sb2NhbGhvc3Q6NDM5OCIsImF1ZCI6InRpbGVzLWUyZSIsImV4cCI6NDEwMjQ0NDgwMH0.c2lnbmF0dXJl';
  const refused = await request.post('/api/auth/federated/login', { headers, data: { provider: 'medikey', token: forged } });
  expect(refused.status()).toBe(401);
  expect(refused.headers()['set-cookie']).toBeUndefined();
  expect((await refused.json()).message).toBe("Il token di identità non è valido o è scaduto: ripeti l'accesso.");
  const foreign = await request.post('/api/auth/federated/login', { headers, data: { provider: 'medikey', token: forged, returnTo: 'https://evil.example/' } });
  expect(foreign.status()).toBe(400);
  expect(foreign.headers()['set-cookie']).toBeUndefined();
});

test('a foreign returnTo on the sign-in link is ignored: the learner lands on the site', async ({ page }) => {
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  await page.goto('/federated/medikey?returnTo=https://evil.example/steal');
  await signInAtProvider(page, 'fed-e2e-2');
  await page.waitForURL(askedForDetails);
  expect(new URL(page.url()).origin).toBe(`http://localhost:${appPort()}`);
  expect(visited.filter((url) => new URL(url).hostname === 'evil.example')).toEqual([]);
  expect((await currentUser(page))?.federated).toEqual([{ provider: 'medikey', federatedId: 'fed-e2e-2' }]);
});
