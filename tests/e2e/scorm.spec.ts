import { appPort, expect, test, type Page } from './fixtures.ts';
import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { dropDraftsAsEditor, EDITOR, islandsReady, openPanelSection, signIn, switchMode } from './helpers.ts';

// A learner of the demo cohort without history whom no other test signs in as: nuovo.demo must stay
// without history for profile.spec.ts, whichever of the two runs first on a server.
const LEARNER_WITHOUT_HISTORY = { code: 'elisa.martinelli', password: 'Corsista-Demo-2026!' };

// The demo course of two SCORM packages (seed/scorm/demo-packages.ts); no demo user has history in it.
const COURSE = 'igiene-mani-scorm';
const SESSION_12 = `/it-IT/course/session/${COURSE}/1/1`;
const SESSION_2004 = `/it-IT/course/session/${COURSE}/1/2`;

// The packages the editor's journeys add and never publish stay drafts: none is left for the files
// that run on this server afterwards (the publish journeys count the drafts).
test.afterAll(({ browser }) => dropDraftsAsEditor(browser));

const commitOf = (page: Page, session: number, holds: (body: { cmi: Record<string, unknown> }) => boolean) =>
  page.waitForResponse(
    (response) => response.url().endsWith(`/${COURSE}/session/1/${session}/scorm`) && response.status() === 200 && holds(response.request().postDataJSON()),
  );

test('a learner answers inside a SCORM 1.2 package, a dropped commit is sent again, and another browser resumes there', async ({ browser }) => {
  const first = await browser.newContext();
  const page = await first.newPage();
  await signIn(page);
  await page.goto(SESSION_12);
  await islandsReady(page);
  await expect(page.getByTestId('scorm-pending')).toHaveText('La sessione si completa quando il pacchetto risulta completato.');
  const frame = page.frameLocator('[data-testid="scorm-frame"]').frameLocator('#sco');
  await frame.getByRole('button', { name: 'Inizia' }).click();
  await expect(frame.getByRole('heading', { name: 'Domanda' })).toBeVisible();

  // The connection drops for the commit that carries the answer: the player keeps it and sends it again.
  let dropped = 0;
  await page.route(`**/api/lms/course/${COURSE}/session/1/1/scorm`, async (route) => {
    if (dropped === 0 && String(route.request().postData()).includes('answer')) {
      dropped += 1;
      await route.abort('internetdisconnected');
    } else await route.continue();
  });
  const answered = commitOf(page, 1, (body) => String(body.cmi.suspend_data).includes('"answer":"b"'));
  await frame.getByLabel('20-30 secondi').check();
  await expect(page.getByTestId('scorm-status')).toHaveAttribute('data-status', 'retrying');
  await answered;
  expect(dropped).toBe(1);
  await expect(page.getByTestId('scorm-status')).toHaveText('Progressi salvati');
  // Signed out meanwhile (here: the cookie gone): the next commit is refused for good, and the
  // learner is told it was not kept instead of "saved"; the other browser below finds the answer only.
  await first.clearCookies();
  await frame.getByRole('button', { name: 'Conferma la risposta' }).click();
  await expect(page.getByTestId('scorm-status')).toHaveAttribute('data-status', 'refused');
  await expect(page.getByTestId('scorm-status')).toContainText('Progressi non salvati: ');
  await first.close();

  // Another device: the package asks with confirm() whether to continue (a sandbox without
  // allow-modals would answer false for the learner and start again); accepted, it opens on the
  // question, with the answer given.
  const second = await browser.newContext();
  const other = await second.newPage();
  const asked: string[] = [];
  other.on('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.accept();
  });
  await signIn(other);
  await other.goto(SESSION_12);
  await islandsReady(other);
  const again = other.frameLocator('[data-testid="scorm-frame"]').frameLocator('#sco');
  await expect(again.getByRole('heading', { name: 'Domanda' })).toBeVisible();
  await expect(again.getByLabel('20-30 secondi')).toBeChecked();
  expect(asked).toEqual(['Vuoi riprendere da dove eri rimasto?']);
  const passed = commitOf(other, 1, (body) => (body.cmi.core as Record<string, unknown>).lesson_status === 'passed');
  await again.getByRole('button', { name: 'Conferma la risposta' }).click();
  expect((await (await passed).json()).outcome).toMatchObject({ completion: 'passed', completed: true, scoreScaled: 1 });
  await expect(other.getByTestId('session-completed')).toContainText('Il pacchetto risulta completato: sessione completata.');
  await expect(other.getByTestId('scorm-score')).toHaveText('Punteggio: 100%');
  await expect(other.getByTestId('player-progress')).toContainText('1');
  await second.close();
});

test('a SCORM 2004 package runs in its own sandboxed frame under its own policy and completes its session', async ({ page }) => {
  await signIn(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(SESSION_2004);
  await islandsReady(page);
  const iframe = page.getByTestId('scorm-frame');
  await expect(iframe).toHaveAttribute('sandbox', /allow-scripts/);
  // The package runs on the content origin (the server's port + 3 on 127.0.0.1, where the site's cookies at localhost never go), never the site's.
  const contentOrigin = `http://127.0.0.1:${Number(appPort()) + 3}`;
  const runtime = (await iframe.getAttribute('src')) ?? '';
  expect(runtime).toMatch(new RegExp(`^${contentOrigin.replaceAll('.', '\\.')}/run/[\\w-]+\\.[\\w-]+/index\\.html$`));
  const file = await page.request.get(runtime.replace('/run/', '/p/'));
  expect(file.headers()['content-security-policy']).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval'");
  expect(file.headers()['content-security-policy']).toContain(`frame-ancestors 'self' ${new URL(page.url()).origin}`);
  expect((await page.request.get(`/scorm/${COURSE}/1/2/index.html`)).status()).toBe(404);
  const sessionPage = await page.request.get(SESSION_2004);
  expect(sessionPage.headers()['content-security-policy']).not.toContain('unsafe-eval');
  expect(sessionPage.headers()['content-security-policy']).toContain(`frame-src 'self' ${contentOrigin}`);
  const frame = page.frameLocator('[data-testid="scorm-frame"]').frameLocator('#sco');
  await frame.getByRole('button', { name: 'Inizia' }).click();
  await frame.getByLabel('20-30 secondi').check();
  const done = commitOf(page, 2, (body) => body.cmi.success_status === 'passed');
  await frame.getByRole('button', { name: 'Conferma la risposta' }).click();
  expect((await (await done).json()).outcome).toMatchObject({ completion: 'completed', success: 'passed', completed: true });
  await expect(page.getByTestId('session-completed')).toBeVisible();
  await expect(frame.getByText('Risposta corretta: 100 / 100.')).toBeVisible();
  // The frame sits inside the session's content at 390 px: nothing below it is covered.
  const content = await page.locator('section.player-content').boundingBox();
  const frameBox = await iframe.boundingBox();
  expect(frameBox!.y + frameBox!.height).toBeLessThanOrEqual(content!.y + content!.height);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The course page says what the package reported, beside the session.
  await page.goto(`/it-IT/course/${COURSE}`);
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Igiene delle mani (SCORM 2004)' }) });
  await expect(row.getByTestId('scorm-session-status')).toHaveText('· pacchetto: completato, superato, punteggio 100%');
  // So do "I miei corsi" and the archive, whichever holds the course now.
  const lines: string[] = [];
  for (const list of ['user-courses', 'user-archive']) {
    await page.goto(`/it-IT/profile/${list}`);
    lines.push(...(await page.getByTestId('learner-course-scorm').allTextContents()));
  }
  expect(lines).toContain('SCORM 1.2: completato, superato, punteggio 100%');
});

// A package's files are signed for some hours (functions/scorm/content-grant.ts): a page left open
// longer asks for a new grant before that, so the package's next files still load.
test('a session page left open for hours asks for a new grant for its package before the old one expires, and the package plays on', async ({ page }) => {
  await page.clock.install();
  // A learner: for an editor or a tester, a course another test drafted shows its draft's preview, which renews nothing.
  await signIn(page, { code: 'emanuele.serra', password: 'Corsista-Demo-2026!' });
  await page.goto(SESSION_12);
  await islandsReady(page);
  const frame = page.frameLocator('[data-testid="scorm-frame"]').frameLocator('#sco');
  await expect(frame.getByRole('button', { name: 'Inizia' })).toBeVisible();
  const renewed = page.waitForResponse((response) => response.url().endsWith(`/${COURSE}/session/1/1/scorm/grant`));
  // A grant lasts four hours and up to the next full hour: five hours pass its renewal whenever the test runs.
  await page.clock.fastForward('05:00:00');
  expect((await renewed).status()).toBe(200);
  await expect(frame.getByRole('button', { name: 'Inizia' })).toBeVisible();
  const runtime = (await page.getByTestId('scorm-frame').getAttribute('src')) ?? '';
  expect((await page.request.get(runtime.replace('/run/', '/p/'))).status()).toBe(200);
});

test('an editor adds a SCORM session: a package leaving its folder is refused with the reason, a sound one is taken', async ({ page }) => {
  await signIn(page, EDITOR);
  const outline = await openCourseOutline(page);
  await outline.getByRole('button', { name: 'Aggiungi pacchetto SCORM' }).click();
  const added = outline.getByTestId('cms-module-1').getByTestId('cms-session-3');
  await added.getByLabel('Titolo della sessione 3').fill('Igiene delle mani, di nuovo');
  const field = added.getByRole('group', { name: 'Pacchetto SCORM (zip, SCORM 1.2 o 2004)' });
  const escaping = zipSync({ 'imsmanifest.xml': strToU8('<manifest/>'), '../fuori.html': strToU8('<p>fuori</p>') });
  await field.getByLabel('Carica un file').setInputFiles({ name: 'fuori.zip', mimeType: 'application/zip', buffer: Buffer.from(escaping) });
  await expect(field.getByRole('alert')).toContainText('Il pacchetto contiene un percorso non ammesso: «../fuori.html».');
  const demo = readFileSync(new URL('../../seed/media/igiene-mani-scorm2004.zip', import.meta.url));
  await field.getByLabel('Carica un file').setInputFiles({ name: 'Igiene 2004.zip', mimeType: 'application/zip', buffer: demo });
  await expect(field.getByTestId('media-field-value')).toContainText('Igiene 2004.zip');
  await outline.getByRole('button', { name: 'Salva la struttura (bozza)' }).click();
  await expect(outline.getByTestId('cms-outline-status')).toHaveText('Bozza salvata. I visitatori la vedranno dopo la pubblicazione.');
});

// The "done when", after the editor's test above left session 3 (a SCORM 2004 package) in
// the draft: the editor adds a SCORM 1.2 package as session 4 and publishes; a learner completes
// each at 390 px; the staff's report shows completion and score.
test('the editor adds a SCORM 1.2 package too and publishes; a learner completes both; staff see completion and score', async ({ browser }) => {
  test.setTimeout(480_000);
  const page = await (await browser.newContext()).newPage();
  await signIn(page, EDITOR);
  const outline = await openCourseOutline(page);
  await outline.getByRole('button', { name: 'Aggiungi pacchetto SCORM' }).click();
  const added = outline.getByTestId('cms-module-1').getByTestId('cms-session-4');
  await added.getByLabel('Titolo della sessione 4').fill('Igiene delle mani, versione 1.2');
  const field = added.getByRole('group', { name: 'Pacchetto SCORM (zip, SCORM 1.2 o 2004)' });
  const zip = readFileSync(new URL('../../seed/media/igiene-mani-scorm12.zip', import.meta.url));
  await field.getByLabel('Carica un file').setInputFiles({ name: 'Igiene 1.2.zip', mimeType: 'application/zip', buffer: zip });
  await expect(field.getByTestId('media-field-value')).toContainText('Igiene 1.2.zip', { timeout: 60_000 });
  await outline.getByRole('button', { name: 'Salva la struttura (bozza)' }).click();
  await expect(outline.getByTestId('cms-outline-status')).toHaveText('Bozza salvata. I visitatori la vedranno dopo la pubblicazione.');
  // Before publishing, the editor tries the draft's package in place: it runs, and nothing is kept.
  const preview = await page.context().newPage();
  const commits: string[] = [];
  preview.on('request', (request) => request.url().endsWith('/scorm') && request.method() === 'PUT' && commits.push(request.url()));
  await preview.goto(`/it-IT/course/session/${COURSE}/1/4`);
  await islandsReady(preview);
  await expect(preview.getByTestId('session-preview')).toBeVisible();
  await expect(preview.getByTestId('scorm-status')).toHaveText('Anteprima: il pacchetto funziona come per un corsista, ma nulla viene salvato.');
  const tried = preview.frameLocator('[data-testid="scorm-frame"]').frameLocator('#sco');
  await tried.getByRole('button', { name: 'Inizia' }).click();
  await tried.getByLabel('20-30 secondi').check();
  await tried.getByRole('button', { name: 'Conferma la risposta' }).click();
  await preview.close({ runBeforeUnload: true });
  expect(commits).toEqual([]);
  await page.getByRole('button', { name: 'Pubblica', exact: true }).click();
  await expect(page.getByTestId('cms-build-status')).toHaveAttribute('data-status', 'live', { timeout: 240_000 });

  const learner = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signIn(learner, LEARNER_WITHOUT_HISTORY);
  for (const n of [3, 4]) {
    await learner.goto(`/it-IT/course/session/${COURSE}/1/${n}`);
    await islandsReady(learner);
    const frame = learner.frameLocator('[data-testid="scorm-frame"]').frameLocator('#sco');
    await frame.getByRole('button', { name: 'Inizia' }).click();
    await frame.getByLabel('20-30 secondi').check();
    await frame.getByRole('button', { name: 'Conferma la risposta' }).click();
    await expect(learner.getByTestId('session-completed')).toBeVisible({ timeout: 30_000 });
    await expect(learner.getByTestId('scorm-score')).toHaveText('Punteggio: 100%');
    expect(await learner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }

  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, { code: 'segreteria.demo', password: 'Segreteria-Demo-2026!' });
  await staff.goto(`/it-IT/staff/courses/${COURSE}`);
  const row = staff.getByRole('row').filter({ hasText: LEARNER_WITHOUT_HISTORY.code });
  await expect(row).toContainText('2 di 4');
  // The 2004 package reports its test's success beside the completion: a failed one would say "non superato".
  await expect(row).toContainText('SCORM 1.3: completato, superato, punteggio 100%');
  await expect(row).toContainText('SCORM 1.4: superato, punteggio 100%');
});

/** The demo course's outline in the CMS panel, for an editor signed in already. */
async function openCourseOutline(page: Page) {
  await switchMode(page, 'Redazione (CMS)');
  await page.goto(`/it-IT/course/${COURSE}`);
  await islandsReady(page);
  await openPanelSection(page, 'Struttura del corso «Igiene delle mani: due pacchetti SCORM»');
  return page.getByTestId(`cms-outline-${COURSE}`);
}

/** An editor (signed in already) adds a SCORM session with `zip` to the demo course's draft; its number. */
async function draftScormSession(page: Page, title: string, zip: Uint8Array): Promise<number> {
  const outline = await openCourseOutline(page);
  await outline.getByRole('button', { name: 'Aggiungi pacchetto SCORM' }).click();
  const added = outline.getByTestId('cms-module-1').locator('[data-testid^="cms-session-"]').last();
  const number = Number((await added.getAttribute('data-testid'))?.replace('cms-session-', ''));
  const field = added.getByRole('group', { name: 'Pacchetto SCORM (zip, SCORM 1.2 o 2004)' });
  await field.getByLabel('Carica un file').setInputFiles({ name: `${title}.zip`, mimeType: 'application/zip', buffer: Buffer.from(zip) });
  await expect(field.getByTestId('media-field-value')).toContainText(`${title}.zip`, { timeout: 60_000 });
  // The session had no title yet: it takes the manifest's (the organization's title, here the same words).
  await expect(added.getByLabel(`Titolo della sessione ${number}`)).toHaveValue(title);
  await outline.getByRole('button', { name: 'Salva la struttura (bozza)' }).click();
  await expect(outline.getByTestId('cms-outline-status')).toHaveText('Bozza salvata. I visitatori la vedranno dopo la pubblicazione.');
  return number;
}

// A package of two SCOs, as vendors export a course of two lessons (the second with launch
// parameters, a query and a '#' part, as the manifest's `parameters` gives them): each item gets a runtime of its
// own, so the second item's LMSInitialize answers "true" (it answered "false", error 101, when one
// runtime served the whole package). Tried in the draft's preview, which runs the player as for a
// learner; the per-item data and completion are the API tests' (tests/api/scorm/multi-sco.test.ts).
test('a package of two SCOs: each item the learner opens starts a runtime of its own', async ({ page }) => {
  const sco = (n: number) =>
    strToU8(`<!DOCTYPE html><html lang="it"><head><meta charset="utf-8"><title>Lezione ${n}</title></head><body><p id="out"></p>
<script>var api = window.parent.API; document.getElementById('out').textContent = 'Lezione ${n}: ' + api.LMSInitialize('') + location.search + location.hash;</script></body></html>`);
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="multi" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Due lezioni</title>
    <item identifier="lesson-1" identifierref="r1"><title>Lezione 1</title></item>
    <item identifier="lesson-2" identifierref="r2" parameters="?parte=2#sezione-b"><title>Lezione 2</title></item>
  </organization></organizations>
  <resources>
    <resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="one.html"><file href="one.html"/></resource>
    <resource identifier="r2" type="webcontent" adlcp:scormtype="sco" href="two.html"><file href="two.html"/></resource>
  </resources>
</manifest>`;
  const zip = zipSync({ 'imsmanifest.xml': strToU8(manifest), 'one.html': sco(1), 'two.html': sco(2) });
  await signIn(page, EDITOR);
  const number = await draftScormSession(page, 'Due lezioni', zip);

  await page.goto(`/it-IT/course/session/${COURSE}/1/${number}`);
  await islandsReady(page);
  const frame = page.frameLocator('[data-testid="scorm-frame"]').frameLocator('#sco');
  await expect(frame.locator('#out')).toHaveText('Lezione 1: true');
  await page.getByRole('button', { name: 'Lezione 2' }).click();
  // The item's parameters reach its page whole, the part after '#' too.
  await expect(frame.locator('#out')).toHaveText('Lezione 2: true?parte=2#sezione-b');
  await page.getByRole('button', { name: 'Lezione 1' }).click();
  await expect(frame.locator('#out')).toHaveText('Lezione 1: true');
});

// Issue 31: a package is code a provider buys, not code we control. It runs on the content origin,
// so whatever its scripts try, nothing of the signed-in person (here an editor) is theirs to read.
test("a package's own script gets nothing of the signed-in person: no cookie, no API, no reach into the site's page", async ({ page }) => {
  await signIn(page, EDITOR);
  const site = `http://localhost:${appPort()}`;
  const probe = `<!DOCTYPE html><html lang="it"><head><meta charset="utf-8"><title>Sonda</title></head><body><p id="out">…</p>
<script>
(async function () {
  var report = ['cookie=' + JSON.stringify(document.cookie)];
  try { var own = await fetch('/api/auth/user', { credentials: 'include' }); report.push('own-api=' + own.status); } catch (e) { report.push('own-api=blocked'); }
  try { var page = await fetch('/it-IT'); report.push('own-page=' + page.status); } catch (e) { report.push('own-page=blocked'); }
  try { var other = await fetch(${JSON.stringify(site)} + '/api/auth/user', { credentials: 'include' }); report.push('site-api=' + other.status + ' ' + (await other.text()).slice(0, 60)); } catch (e) { report.push('site-api=blocked'); }
  try { report.push('site-page=' + window.top.document.title); } catch (e) { report.push('site-page=blocked'); }
  report.push('runtime=' + typeof window.parent.API.LMSInitialize);
  document.getElementById('out').textContent = report.join(' | ');
})();
</script></body></html>`;
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="probe" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Sonda</title>
    <item identifier="probe-1" identifierref="r1"><title>Sonda</title></item>
  </organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="probe.html"><file href="probe.html"/></resource></resources>
</manifest>`;
  const number = await draftScormSession(page, 'Sonda', zipSync({ 'imsmanifest.xml': strToU8(manifest), 'probe.html': strToU8(probe) }));
  await page.goto(`/it-IT/course/session/${COURSE}/1/${number}`);
  await islandsReady(page);
  const out = page.frameLocator('[data-testid="scorm-frame"]').frameLocator('#sco').locator('#out');
  await expect(out).toContainText('runtime=function');
  // The content origin has no cookie of the site's, no API and none of its pages; the site's API is
  // out of the package's reach (its CSP connects nowhere else) and so is the session page (another origin).
  await expect(out).toHaveText('cookie="" | own-api=404 | own-page=404 | site-api=blocked | site-page=blocked | runtime=function');
});

// A client-side navigation keeps the policy of the document first loaded: from a pre-rendered page,
// one that frames nothing of the content origin. The player then loads its page in full, once.
test('a learner who reaches a SCORM session by links from a pre-rendered page plays it too', async ({ page }) => {
  await signIn(page);
  await page.goto('/it-IT/catalogo-corsi');
  await islandsReady(page);
  await page.locator(`a[href$="/course/${COURSE}"]`).first().click();
  await page.waitForURL(`**/it-IT/course/${COURSE}`);
  await page.getByRole('link', { name: 'Igiene delle mani (SCORM 2004)' }).click();
  await page.waitForURL(`**${SESSION_2004}`);
  const frame = page.frameLocator('[data-testid="scorm-frame"]').frameLocator('#sco');
  await expect(frame.getByRole('heading', { level: 1 })).toBeVisible();
});
