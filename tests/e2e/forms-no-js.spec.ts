import { expect, test, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Request } from './fixtures.ts';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { LEARNER, NEW_LEARNER, supportRequestsAsEditor } from './helpers.ts';

// Every form here is used with JavaScript turned off: the server checks, answers in the page's
// language, keeps what was typed (never a password) and redirects on success.

let contexts = 0;

async function withoutScripts(
  browser: Browser,
  options: BrowserContextOptions = {},
  cookies: Parameters<BrowserContext['addCookies']>[0] = [],
): Promise<{ page: Page; posts: Request[]; urls: string[] }> {
  // Each context signs in from its own client address (Cloudflare's header): failed sign-ins here
  // must not make the bot check due for the other tests.
  const address = { 'cf-connecting-ip': `198.51.100.${++contexts}` };
  const context = await browser.newContext({ ...options, extraHTTPHeaders: { ...address, ...options.extraHTTPHeaders }, javaScriptEnabled: false });
  await context.addCookies(cookies);
  const page = await context.newPage();
  const posts: Request[] = [];
  const urls: string[] = [];
  page.on('request', (request) => {
    urls.push(request.url());
    if (request.method() === 'POST') posts.push(request);
  });
  return { page, posts, urls };
}

/** The locale the pages without one (sign-in) use: the visitor's remembered choice. */
const rememberLocale = (locale: string, baseURL: string | undefined) => [{ name: 't-lc', value: locale, url: baseURL ?? '' }];

/** A field's message, found through the input's aria-describedby as assistive technology does. */
async function describedBy(page: Page, label: string | RegExp): Promise<string> {
  const id = await page.getByLabel(label, { exact: typeof label === 'string' }).getAttribute('aria-describedby');
  return (await page.locator(`[id="${id}"]`).textContent()) ?? '';
}

test('sign-in without JavaScript: messages per field in Italian and English, the code kept, no credentials in any URL', async ({ browser, baseURL }) => {
  const { page, posts, urls } = await withoutScripts(browser);
  await page.goto('/tiles-access');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByLabel('Codice utente')).toHaveAttribute('aria-invalid', 'true');
  expect(await describedBy(page, 'Codice utente o e-mail')).toBe('Campo obbligatorio');
  expect(await describedBy(page, 'Password')).toBe('Campo obbligatorio');

  // An unknown code: a real account's failures would make its next sign-ins ask for the bot check.
  await page.getByLabel('Codice utente').fill('nessuno.senza-script');
  await page.getByLabel('Password').fill('password-sbagliata');
  const refused = page.waitForResponse((response) => response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Accedi' }).click();
  expect((await refused).status()).toBe(401);
  await expect(page.getByTestId('sign-in-error')).toHaveText('Codice utente (o e-mail) o password non corretti.');
  await expect(page.getByLabel('Codice utente')).toHaveValue('nessuno.senza-script');
  await expect(page.getByLabel('Password')).toHaveValue('');

  const english = await withoutScripts(browser, {}, rememberLocale('en-US', baseURL));
  await english.page.goto('/tiles-access');
  await english.page.getByRole('button', { name: 'Sign in' }).click();
  expect(await describedBy(english.page, 'User code or e-mail')).toBe('This field is required');
  await english.page.getByLabel('User code').fill('nobody.without-scripts');
  await english.page.getByLabel('Password').fill('wrong-password');
  await english.page.getByRole('button', { name: 'Sign in' }).click();
  await expect(english.page.getByTestId('sign-in-error')).toHaveText('Wrong user code (or e-mail) or password.');

  for (const request of [...posts, ...english.posts]) {
    expect(new URL(request.url()).pathname).toBe('/tiles-access');
    expect(new URL(request.url()).search).toBe('');
  }
  expect(posts.length).toBe(2);
  for (const url of [...urls, ...english.urls]) expect(url).not.toMatch(/password-sbagliata|wrong-password|cp=|cu=/);
  await page.context().close();
  await english.page.context().close();
});

test('sign-in without JavaScript stays in the language its returnTo chose, after a refusal too', async ({ browser }) => {
  const { page } = await withoutScripts(browser);
  await page.goto('/tiles-access?returnTo=/de-DE/profile');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await page.getByLabel('Benutzercode').fill('niemand.ohne-skripte');
  await page.getByLabel('Passwort').fill('falsches-passwort');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByTestId('sign-in-error')).toHaveText('Benutzercode (oder E-Mail) oder Passwort ist falsch.');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await page.context().close();
});

test('sign-in without JavaScript redirects to the course it came for (Post/Redirect/Get) and sets the session', async ({ browser }) => {
  const { page, posts } = await withoutScripts(browser);
  await page.goto('/tiles-access?returnTo=/it-IT/course/gdpr-dati-sanitari');
  await page.getByLabel('Codice utente').fill(LEARNER.code);
  await page.getByLabel('Password').fill(LEARNER.password);
  const answer = page.waitForResponse((response) => response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Accedi' }).click();
  const response = await answer;
  expect(response.status()).toBe(303);
  expect(response.headers().location).toBe('/it-IT/course/gdpr-dati-sanitari');
  await page.waitForURL(/\/it-IT\/course\/gdpr-dati-sanitari$/);
  await expect(page.getByTestId('course-progress')).toBeVisible();
  expect(posts.map((request) => request.postData() ?? '')).toEqual([expect.stringContaining('returnTo=%2Fit-IT%2Fcourse%2Fgdpr-dati-sanitari')]);
  // History holds GET pages only: Back re-sends nothing (the sign-in page sends a signed-in learner on).
  await page.goBack();
  await page.waitForURL(/\/it-IT\/course\/gdpr-dati-sanitari$/);
  expect(posts).toHaveLength(1);
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 't-ssid')?.httpOnly).toBe(true);
  expect(cookies.find((cookie) => cookie.name === 't-in')).toMatchObject({ value: '1', httpOnly: false });
  await page.context().close();
});

test('sign-in without JavaScript says plainly when the bot check is needed: it cannot run without scripts', async ({ browser }) => {
  const { page } = await withoutScripts(browser, { extraHTTPHeaders: { 'cf-connecting-ip': '203.0.113.91' } });
  await page.goto('/tiles-access');
  await expect(page.getByTestId('bot-check-needs-script')).toBeHidden();
  for (let i = 0; i < 2; i++) {
    await page.getByLabel('Codice utente').fill(`nessuno-${i}`);
    await page.getByLabel('Password').fill('sbagliata');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByTestId('sign-in-error')).toHaveText('Codice utente (o e-mail) o password non corretti.');
  }
  await expect(page.getByTestId('bot-check-needs-script')).toHaveText(/funziona solo con JavaScript attivo/);
  await page.getByLabel('Codice utente').fill(LEARNER.code);
  await page.getByLabel('Password').fill(LEARNER.password);
  const answer = page.waitForResponse((response) => response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Accedi' }).click();
  expect((await answer).status()).toBe(428);
  await expect(page.getByTestId('sign-in-error')).toHaveText(/^Dopo alcuni tentativi non riusciti serve la verifica anti-bot/);
  await expect(page.getByTestId('bot-check-needs-script')).toBeVisible();
  expect((await page.context().cookies()).find((cookie) => cookie.name === 't-ssid')).toBeUndefined();
  await page.context().close();
});

test('support opened from an error screen without JavaScript: the error is shown above the form and goes with the request', async ({ browser }) => {
  const { page } = await withoutScripts(browser);
  expect((await page.goto('/it-IT/pagina-che-non-esiste'))?.status()).toBe(404);
  const shown = ((await page.getByTestId('error-reference').textContent()) ?? '').split(': ')[1] ?? '';
  await page.getByTestId('error-support').click();
  await page.waitForURL(/\/it-IT\/assistenza\?/);
  await expect(page.getByTestId('error-reference')).toHaveText(
    'Codice 404 · Page not found: /it-IT/pagina-che-non-esiste · pagina /it-IT/pagina-che-non-esiste',
  );
  // Another language keeps the error the request will report.
  const english = new URL((await page.locator('.locale-switcher a[hreflang="en-US"]').getAttribute('href')) ?? '', page.url());
  expect([english.pathname, english.searchParams.get('c'), english.searchParams.get('p')]).toEqual([
    '/en-US/assistenza',
    '404',
    '/it-IT/pagina-che-non-esiste',
  ]);
  const form = page.locator('#support-form');
  await form.getByLabel('Nome e cognome').fill('Anna Verdi');
  await form.getByLabel('E-mail').fill('anna.verdi@example.it');
  await form.getByLabel('Messaggio').fill('La pagina che cercavo non si trova.');
  await form.getByRole('button', { name: 'Invia richiesta' }).click();
  await page.waitForURL(/\/it-IT\/assistenza\/inviata\?n=\d+$/);
  const requests = await supportRequestsAsEditor(browser);
  await expect(requests).toContainText(`ID della richiesta nei log: ${shown}`);
  await requests.page().context().close();
  await page.context().close();
});

test('support without JavaScript: messages per field in Italian and English, values kept; sent without the bot check up to three times an hour, then asked for it', async ({
  browser,
}) => {
  const { page, posts } = await withoutScripts(browser);
  await page.goto('/it-IT/assistenza');
  await expect(page.getByTestId('bot-check-needs-script')).toBeVisible();
  const form = page.locator('#support-form');
  await form.getByLabel('Nome e cognome').fill('A');
  await form.getByLabel('E-mail').fill('anna.verdi@');
  await form.getByLabel('Messaggio').fill('Corto');
  await form.getByRole('button', { name: 'Invia richiesta' }).click();
  await expect(page).toHaveURL(/\/it-IT\/assistenza\/invia$/);
  expect(await describedBy(page, 'Nome e cognome')).toBe('Inserisci almeno 2 caratteri');
  expect(await describedBy(page, 'E-mail')).toBe('Inserisci un indirizzo e-mail valido');
  expect(await describedBy(page, 'Messaggio')).toBe('Inserisci almeno 10 caratteri');
  await expect(form.getByLabel('E-mail')).toHaveValue('anna.verdi@');
  await expect(form.getByLabel('Messaggio')).toHaveValue('Corto');

  // Right fields, no solved check (it needs JavaScript): sent all the same, up to three an hour
  // from one address; the fourth asks for the check and keeps what was written.
  const send = async (text: string) => {
    await form.getByLabel('Nome e cognome').fill('Anna Verdi');
    await form.getByLabel('E-mail').fill('anna.verdi@example.it');
    await form.getByLabel('Messaggio').fill(text);
    const answer = page.waitForResponse((response) => response.request().method() === 'POST');
    await form.getByRole('button', { name: 'Invia richiesta' }).click();
    return (await answer).status();
  };
  for (let i = 1; i <= 3; i++) {
    expect(await send(`Il video della sessione non parte (${i}).`)).toBe(303);
    await expect(page).toHaveURL(/\/it-IT\/assistenza\/inviata\?n=\d+$/);
    await expect(page.getByRole('status').filter({ hasText: 'Richiesta inviata' })).toBeVisible();
    await page.goto('/it-IT/assistenza');
  }
  expect(await send('Il video della sessione non parte ancora.')).toBe(428);
  await expect(page.locator('#support-error')).toHaveText(/^Richiesta non inviata: la verifica anti-bot non è stata completata, perché richiede JavaScript/);
  await expect(form.getByLabel('Messaggio')).toHaveValue('Il video della sessione non parte ancora.');
  for (const request of posts) expect(new URL(request.url()).search).toBe('');

  const english = await withoutScripts(browser);
  await english.page.goto('/en-US/assistenza');
  await english.page.getByRole('button', { name: 'Send request' }).click();
  expect(await describedBy(english.page, 'Full name')).toBe('This field is required');
  await page.context().close();
  await english.page.context().close();
});

test('support: a plain post with a solved check lands on the "sent" page (Post/Redirect/Get), the data never in a URL', async ({ browser }) => {
  const { page, posts, urls } = await withoutScripts(browser);
  await page.goto('/it-IT/assistenza');
  const form = page.locator('#support-form');
  await form.getByLabel('Nome e cognome').fill('Paolo Neri');
  await form.getByLabel('E-mail').fill('paolo.neri@example.it');
  await form.getByLabel('Messaggio').fill('Non trovo il certificato del corso.');
  // What the widget does in the browser (solve a challenge of our API), done here by the test: the
  // page itself runs no script, so this is the server's plain-form path on its own.
  const challenge = (
    (await (await page.request.get('/api/auth/challenge', { headers: { 'tiles-site-id': 'tiles-demo', 'tiles-locale-code': 'it-IT' } })).json()) as {
      outcome: Challenge;
    }
  ).outcome;
  const solution = await solveChallenge({ challenge, deriveKey });
  await form
    .locator('input[name="altcha"]')
    .evaluate((input, value) => ((input as HTMLInputElement).value = value), btoa(JSON.stringify({ challenge, solution })));
  const answer = page.waitForResponse((response) => response.request().method() === 'POST');
  await form.getByRole('button', { name: 'Invia richiesta' }).click();
  const response = await answer;
  expect(response.status()).toBe(303);
  await page.waitForURL(/\/it-IT\/assistenza\/inviata\?n=\d+$/);
  await expect(page.getByRole('status').filter({ hasText: 'Richiesta inviata' })).toHaveText(/^Richiesta inviata \(n\. \d+\): ti risponderemo/);
  expect(posts).toHaveLength(1);
  expect(new URL(posts[0]?.url() ?? '').pathname).toBe('/it-IT/assistenza/invia');
  for (const url of urls) expect(url).not.toMatch(/paolo|certificato/i);
  await page.context().close();
});

test('user data without JavaScript: messages per field in Italian and English, values kept, saved with a redirect', async ({ browser }) => {
  const { page, posts, urls } = await withoutScripts(browser);
  // Signing in works without scripts too.
  await page.goto('/tiles-access');
  await page.getByLabel('Codice utente').fill(NEW_LEARNER.code);
  await page.getByLabel('Password').fill(NEW_LEARNER.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL(/\/it-IT\/profile$/);

  await page.goto('/it-IT/profile/user-data');
  await page.getByLabel('Nome', { exact: true }).fill('');
  await page.getByLabel('Indirizzo e-mail').fill('non-una-email');
  await page.getByLabel('Telefono').fill('06-1234');
  const refused = page.waitForResponse((response) => response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Salva' }).click();
  expect((await refused).status()).toBe(400);
  expect(await describedBy(page, 'Nome')).toBe('Campo obbligatorio');
  expect(await describedBy(page, 'Indirizzo e-mail')).toBe('Inserisci un indirizzo e-mail valido');
  expect(await describedBy(page, 'Telefono')).toBe('Formato non valido');
  await expect(page.getByLabel('Indirizzo e-mail')).toHaveValue('non-una-email');
  await expect(page.getByLabel('Telefono')).toHaveValue('06-1234');

  await page.goto('/en-US/profile/user-data');
  await page.getByLabel('Last name').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  expect(await describedBy(page, 'Last name')).toBe('This field is required');

  await page.goto('/it-IT/profile/user-data');
  await page.getByLabel('Cognome').fill('Verdi-Neri');
  await page.getByLabel('Neutro').check();
  const saved = page.waitForResponse((response) => response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Salva' }).click();
  expect((await saved).status()).toBe(303);
  await page.waitForURL(/\/it-IT\/profile\/user-data\?saved=1$/);
  await expect(page.getByTestId('user-data-status')).toHaveText('Dati salvati.');
  await expect(page.getByLabel('Cognome')).toHaveValue('Verdi-Neri');
  await expect(page.getByLabel('Neutro')).toBeChecked();
  for (const request of posts.slice(1)) expect(request.url()).toMatch(/\/profile\/user-data$/);
  for (const url of urls) expect(url).not.toMatch(/non-una-email|Verdi-Neri|Nuovo-Demo/);
  await page.context().close();
});

test('support without JavaScript: 20 posts at once from one address store three, the allowance, and ask the rest for the check', async ({
  playwright,
  baseURL,
}) => {
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'cf-connecting-ip': '203.0.113.123', origin: baseURL ?? '' } });
  const statuses = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      request
        .post('/it-IT/assistenza/invia', {
          form: { name: 'Anna Verdi', email: 'anna.verdi@example.it', message: `Richiesta numero ${i} inviata in parallelo.` },
          maxRedirects: 0,
        })
        .then((response) => response.status()),
    ),
  );
  expect(statuses.filter((status) => status === 303)).toHaveLength(3);
  expect(statuses.filter((status) => status === 428)).toHaveLength(17);
  await request.dispose();
});
