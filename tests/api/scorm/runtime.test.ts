import { env, exports } from 'cloudflare:workers';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PACKAGES } from '../../../seed/scorm/demo-packages.ts';
import { EDITOR, LEARNER, OTHER, SITE, seedFixtures, signIn } from '../fixtures.ts';
import { studySession } from '../study.ts';
import { signContentGrant, verifyContentGrant, type ContentGrant } from '../../../functions/scorm/content-grant.ts';
import { api, uploaded } from '../media/media-fixtures.ts';

let learner = '';
let packageUrl = '';
const SESSION = '/lms/course/triage/session/2/9/scorm';

beforeAll(async () => {
  await seedFixtures();
  const editor = await signIn(EDITOR);
  const files = DEMO_PACKAGES.find((entry) => entry.version === '1.2')!.files;
  const item = await uploaded(
    editor,
    'demo.zip',
    'application/zip',
    zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))),
  );
  packageUrl = item.url;
  await env.DB.prepare(
    "INSERT INTO session (course_id, module_number, number, kind, duration, media_url, position) VALUES ('triage', 2, 9, 'scorm', '0h 15m 0s', ?, 9)",
  )
    .bind(item.url)
    .run();
  learner = await signIn(LEARNER);
});

const CONTENT = 'http://scorm-content.test';
const PLATFORM = 'http://localhost';
/** The address the session page signs for a learner and a session (src/server/scorm-launch.ts). */
const grantFor = (session: number, changes: Partial<ContentGrant> = {}) =>
  signContentGrant(env.SESSION_SECRET, {
    site: SITE,
    user: LEARNER.id,
    course: 'triage',
    module: 2,
    session,
    draft: false,
    version: '1.2',
    platform: PLATFORM,
    locale: 'it-IT',
    expires: Math.floor(Date.now() / 1000) + 600,
    ...changes,
  });
const content = (path: string, headers: Record<string, string> = {}) => exports.default.fetch(`${CONTENT}${path}`, { headers });
const commit = (cookie: string, body: unknown) => api(SESSION, { method: 'PUT', cookie, json: body });
const stored = () =>
  env.DB.prepare(
    "SELECT completion, success, score_scaled AS score, location, suspend_data AS suspend, package_seconds AS seconds, commits FROM scorm_state WHERE user_id = ? AND course_id = 'triage'",
  )
    .bind(LEARNER.id)
    .first();
const completed = async () =>
  (
    await env.DB.prepare("SELECT COUNT(*) AS n FROM session_progress WHERE user_id = ? AND course_id = 'triage' AND module_number = 2 AND number = 9")
      .bind(LEARNER.id)
      .first<{ n: number }>()
  )?.n;

describe('a SCORM session', () => {
  it("serves the package's files on the content origin to the holder of the session's grant, and nothing else there", async () => {
    const grant = await grantFor(9);
    const page = await content(`/p/${grant}/index.html`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain(`frame-ancestors 'self' ${PLATFORM}`);
    expect(page.headers.get('set-cookie')).toBeNull();
    expect(await page.text()).toContain('data-scorm="1.2"');
    expect((await content(`/p/${grant}/style.css`)).headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await content(`/p/${grant}/..%2F..%2Fimsmanifest.xml`)).status).toBe(404);
    expect((await content(`/p/${grant}/missing.html`)).status).toBe(404);
    expect((await content(`/p/${await grantFor(1)}/index.html`)).status).toBe(404);
    // A grant altered, expired or signed with another secret opens nothing; a cookie is no substitute.
    const [payload = '', signature = ''] = grant.split('.');
    const altered = `${btoa(atob(payload.replaceAll('-', '+').replaceAll('_', '/')).replace('"session":9', '"session":1'))
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, '')}.${signature}`;
    const refused = await content(`/p/${altered}/index.html`);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toMatch(/non è valido o è scaduto/);
    expect((await content(`/p/${await grantFor(9, { expires: Math.floor(Date.now() / 1000) - 1 })}/index.html`)).status).toBe(403);
    expect(
      (
        await content(
          `/p/${await signContentGrant('another-secret-0123456789abcdefghijklmnop', { ...(await verifyContentGrant(env.SESSION_SECRET, grant, 0))! })}/index.html`,
        )
      ).status,
    ).toBe(403);
    expect((await content('/p/not-a-grant/index.html', { cookie: learner })).status).toBe(404);
    // The content origin answers nothing of the site: no API, no pages, not even with the learner's cookie.
    for (const path of ['/api/auth/user', '/it-IT', '/media/lezione-introduzione.webm']) {
      expect((await content(path, { cookie: learner })).status, path).toBe(404);
    }
    // And the site's own origin serves no package any more: not at its old address, not as a medium.
    expect((await exports.default.fetch('http://localhost/scorm/triage/2/9/index.html', { headers: { cookie: learner } })).status).toBe(404);
    const { prefix } = (await env.DB.prepare('SELECT prefix FROM scorm_package WHERE media_key = ?')
      .bind(packageUrl.replace('/media/', ''))
      .first<{ prefix: string }>())!;
    expect(await env.MEDIA.head(`${prefix}index.html`)).not.toBeNull();
    for (const cookie of [learner, await signIn(EDITOR)]) {
      expect((await exports.default.fetch(`http://localhost/media/${prefix}index.html`, { headers: { cookie } })).status).toBe(404);
    }
  });

  it("renews a session page's grant for its learner and session: a fresh address that opens the package; nobody else gets one", async () => {
    const grantPath = `${SESSION}/grant`;
    const answer = await api(grantPath, { method: 'POST', cookie: learner, json: {} });
    expect(answer.status).toBe(200);
    const { grant, validSeconds } = (await answer.json<{ outcome: { grant: string; validSeconds: number } }>()).outcome;
    // At least four hours from now, on a full hour.
    expect(validSeconds).toBeGreaterThanOrEqual(4 * 60 * 60 - 1);
    expect(validSeconds).toBeLessThanOrEqual(5 * 60 * 60);
    const terms = await verifyContentGrant(env.SESSION_SECRET, grant, Math.floor(Date.now() / 1000));
    expect(terms).toMatchObject({ site: SITE, user: LEARNER.id, course: 'triage', module: 2, session: 9, draft: false, version: '1.2' });
    expect(terms!.expires % 3600).toBe(0);
    expect((await content(`/p/${grant}/index.html`)).status).toBe(200);
    // A visitor, and a session without a package, get none.
    expect((await api(grantPath, { method: 'POST', cookie: '', json: {} })).status).toBe(401);
    expect((await api('/lms/course/triage/session/1/1/scorm/grant', { method: 'POST', cookie: learner, json: {} })).status).toBe(404);
  });

  it("frames an item from a runtime page that holds scorm-again's cross-frame API and runs nothing else", async () => {
    const grant = await grantFor(9);
    const runtime = await content(`/run/${grant}/index.html?lang=it`);
    expect(runtime.status).toBe(200);
    const csp = runtime.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([a-f0-9]+)'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    expect(csp).toContain(`frame-ancestors ${PLATFORM}`);
    expect(csp).not.toContain('unsafe');
    const html = await runtime.text();
    expect(html).toContain(`<script type="module" nonce="${nonce}">`);
    expect(html).toContain(`new CrossFrameAPI(${JSON.stringify(PLATFORM)}`);
    expect(html).toContain(JSON.stringify(`/p/${grant}/index.html?lang=it`));
    const script = await content('/run/cross-frame-api.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toContain('export{e as CrossFrameAPI}');
  });

  it("serves a session still a draft from its draft's package to a reviewer's grant, and to nobody else", async () => {
    const outline = {
      category: 'emergenza',
      ecmCredits: null,
      withdrawn: false,
      modules: [{ number: 2, sessions: [{ number: 10, kind: 'scorm', duration: '0h 15m 0s', media: packageUrl, poster: null, captions: {} }] }],
    };
    await env.DB.prepare(
      "INSERT OR REPLACE INTO cms_draft (site_id, locale, kind, key, fields, author_id, updated_at) VALUES (?, 'it-IT', 'outline', 'triage', ?, ?, 1)",
    )
      .bind(SITE, JSON.stringify(outline), EDITOR.id)
      .run();
    const reviewer = await grantFor(10, { user: EDITOR.id, draft: true });
    const reviewed = await content(`/p/${reviewer}/index.html`);
    expect(reviewed.status).toBe(200);
    expect(await reviewed.text()).toContain('data-scorm="1.2"');
    // A draft's package may change at any save under the same address: never kept by the browser.
    expect(reviewed.headers.get('cache-control')).toBe('private, no-cache');
    expect((await content(`/p/${await grantFor(9)}/index.html`)).headers.get('cache-control')).toBe('private, max-age=300');
    expect((await content(`/p/${await grantFor(10)}/index.html`)).status).toBe(404);
    await env.DB.prepare("DELETE FROM cms_draft WHERE kind = 'outline' AND key = 'triage'").run();
    expect((await content(`/p/${reviewer}/index.html`)).status).toBe(404);
  });

  it('keeps each commit, ignores a late retry, and completes the session once the package says passed', async () => {
    const first = await commit(learner, {
      attempt: 'aaaa1111',
      sequence: 1,
      cmi: {
        core: { lesson_status: 'incomplete', lesson_location: 'question', session_time: '00:01:00', total_time: '00:00:00' },
        suspend_data: '{"answer":"b"}',
      },
    });
    expect(first.status, await first.clone().text()).toBe(200);
    expect(await first.json()).toEqual({
      outcome: { completion: 'incomplete', success: 'unknown', scoreScaled: null, completed: false, newlyCompleted: false, itemsDone: [] },
    });
    expect(await stored()).toMatchObject({ completion: 'incomplete', location: 'question', suspend: '{"answer":"b"}', seconds: 60, commits: 1 });

    const passedCommit = (sequence: number) =>
      commit(learner, {
        attempt: 'aaaa1111',
        sequence,
        cmi: {
          core: {
            lesson_status: 'passed',
            lesson_location: 'result',
            score: { raw: '100', min: '0', max: '100' },
            session_time: '00:02:00',
            total_time: '00:00:00',
          },
        },
      });
    // In an ECM course the package's word is not enough: the server has seen no time on the session yet.
    const early = await passedCommit(3);
    expect((await early.json()) as unknown).toEqual({
      outcome: { completion: 'passed', success: 'passed', scoreScaled: 1, completed: false, newlyCompleted: false, itemsDone: ['item1'] },
    });
    expect(await completed()).toBe(0);
    await studySession(LEARNER.id, 'triage', 2, 9);
    const passed = await passedCommit(4);
    expect((await passed.json()) as unknown).toEqual({
      outcome: { completion: 'passed', success: 'passed', scoreScaled: 1, completed: true, newlyCompleted: true, itemsDone: ['item1'] },
    });
    expect(await completed()).toBe(1);

    // Commit 2 was retried after a dropped connection and arrives last: what 4 kept stands.
    const late = await commit(learner, { attempt: 'aaaa1111', sequence: 2, cmi: { core: { lesson_status: 'incomplete', lesson_location: 'question' } } });
    expect(late.status).toBe(200);
    expect(await stored()).toMatchObject({ completion: 'passed', location: 'result', score: 1, commits: 4 });
    expect(await completed()).toBe(1);

    // Staff see it in the course's report.
    const report = await api('/staff/courses/triage/learners', { cookie: await signIn(EDITOR) });
    expect(report.status).toBe(200);
    const { learners } = ((await report.json()) as { outcome: { learners: { userId: string; scorm: unknown[] }[] } }).outcome;
    expect(learners.find((row) => row.userId === LEARNER.id)?.scorm).toEqual([
      { module: 2, session: 9, item: 'item1', completion: 'passed', success: 'passed', scoreScaled: 1 },
    ]);
  });

  it('completes an ECM session the package finished early as soon as the page time arrives, with no commit and no reopening', async () => {
    // The learner finished session 2/11 in the package before its page time was there, and the package went quiet.
    await env.DB.prepare(
      "INSERT INTO session (course_id, module_number, number, kind, duration, media_url, position) VALUES ('triage', 2, 11, 'scorm', '0h 5m 0s', ?, 11)",
    )
      .bind(packageUrl)
      .run();
    const ref = '/lms/course/triage/session/2/11/scorm';
    const early = await api(ref, {
      method: 'PUT',
      cookie: learner,
      json: { attempt: 'eeee5555', sequence: 1, cmi: { core: { lesson_status: 'passed', session_time: '00:05:00', total_time: '00:00:00' } } },
    });
    expect(((await early.json()) as { outcome: { completed: boolean } }).outcome.completed).toBe(false);
    const done = () =>
      env.DB.prepare("SELECT COUNT(*) AS n FROM session_progress WHERE user_id = ? AND course_id = 'triage' AND module_number = 2 AND number = 11")
        .bind(LEARNER.id)
        .first<{ n: number }>();
    expect((await done())?.n).toBe(0);
    // The page's visible time reaches the server as hits do (on leaving, on hiding the tab): that settles it.
    await studySession(LEARNER.id, 'triage', 2, 11, { throughWriter: true });
    expect((await done())?.n).toBe(1);
  });

  it('refuses to complete a SCORM session from the page before its package reports it done, whatever the time spent', async () => {
    await env.DB.prepare(
      "INSERT INTO session (course_id, module_number, number, kind, duration, media_url, position) VALUES ('triage', 2, 12, 'scorm', '0h 5m 0s', ?, 12)",
    )
      .bind(packageUrl)
      .run();
    await studySession(LEARNER.id, 'triage', 2, 12);
    const asked = await api('/lms/course/triage/session/2/12/complete', { method: 'POST', cookie: learner, json: {} });
    expect(asked.status).toBe(409);
    expect(((await asked.json()) as { message: string }).message).toBe(
      'Questa sessione si completa quando il pacchetto SCORM risulta completato: finisci il pacchetto nella pagina della sessione.',
    );
    const passed = await api('/lms/course/triage/session/2/12/scorm', {
      method: 'PUT',
      cookie: learner,
      json: { attempt: 'ffff6666', sequence: 1, cmi: { core: { lesson_status: 'passed' } } },
    });
    expect(((await passed.json()) as { outcome: { completed: boolean } }).outcome.completed).toBe(true);
    // Done by the package, the page's own request answers done too.
    expect((await api('/lms/course/triage/session/2/12/complete', { method: 'POST', cookie: learner, json: {} })).status).toBe(200);
  });

  it("keeps a package's large data whole, and refuses a commit over 1 MiB with the reason, keeping what was kept", async () => {
    // 250 interactions with long answers: past the 64 KiB of other calls, well within what SCORM lets a package keep.
    const interactions = Array.from({ length: 250 }, (_, i) => ({ id: `q${i}`, type: 'fill-in', student_response: 'risposta '.repeat(120) }));
    const large = await commit(learner, { attempt: 'cccc3333', sequence: 1, cmi: { core: { lesson_status: 'passed' }, interactions } });
    expect(large.status).toBe(200);
    const kept = () =>
      env.DB.prepare("SELECT length(cmi) AS bytes FROM scorm_state WHERE user_id = ? AND course_id = 'triage'").bind(LEARNER.id).first<{ bytes: number }>();
    const keptBytes = (await kept())?.bytes ?? 0;
    expect(keptBytes).toBeGreaterThan(256 * 1024);

    const huge = await commit(learner, { attempt: 'cccc3333', sequence: 2, cmi: { core: { lesson_status: 'passed' }, suspend_data: 'x'.repeat(1024 * 1024) } });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { message: string }).message).toBe('Il corpo della richiesta è troppo grande.');
    expect((await kept())?.bytes).toBe(keptBytes);
    // Every other call keeps its 64 KiB.
    const position = await api('/lms/course/triage/session/1/1/position', { method: 'PUT', cookie: learner, json: { seconds: 1, pad: 'x'.repeat(70 * 1024) } });
    expect(position.status).toBe(413);
  });

  it('refuses a commit for a session without a package, or from someone who may not write progress', async () => {
    const other = await api('/lms/course/triage/session/1/1/scorm', { method: 'PUT', cookie: learner, json: { attempt: 'bbbb2222', sequence: 1, cmi: {} } });
    expect(other.status).toBe(404);
    expect(((await other.json()) as { message: string }).message).toBe('Nessun pacchetto SCORM in questa sessione: triage/1/1');
    const visitor = await commit('', { attempt: 'bbbb2222', sequence: 1, cmi: {} });
    expect(visitor.status).toBe(401);
    const someone = await signIn(OTHER);
    expect((await commit(someone, { attempt: 'x', sequence: 1, cmi: {} })).status).toBe(400);
    // A course closed to the learner turns a large commit away before its body is read.
    await env.DB.prepare("INSERT OR REPLACE INTO course_access (course_id, mode, updated_at) VALUES ('triage', 'closed', 1)").run();
    const closed = await commit(learner, { attempt: 'dddd4444', sequence: 1, cmi: { suspend_data: 'x'.repeat(2 * 1024 * 1024) } });
    await env.DB.prepare("DELETE FROM course_access WHERE course_id = 'triage'").run();
    expect(closed.status).toBe(403);
  });
});
