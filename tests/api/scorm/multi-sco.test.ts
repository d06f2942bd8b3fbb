import { env } from 'cloudflare:workers';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { EDITOR, LEARNER, seedFixtures, signIn } from '../fixtures.ts';
import { studySession } from '../study.ts';
import { api, uploaded } from '../media/media-fixtures.ts';

const SESSION = '/lms/course/triage/session/2/11/scorm';

/** A SCORM 1.2 package of two SCOs, as authoring tools export a course of two lessons. */
const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="multi" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org">
    <organization identifier="org"><title>Due lezioni</title>
      <item identifier="lesson-1" identifierref="r1"><title>Lezione 1</title></item>
      <item identifier="lesson-2" identifierref="r2"><title>Lezione 2</title></item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="one.html"><file href="one.html"/></resource>
    <resource identifier="r2" type="webcontent" adlcp:scormtype="sco" href="two.html"><file href="two.html"/></resource>
  </resources>
</manifest>`;

let learner = '';

beforeAll(async () => {
  await seedFixtures();
  const editor = await signIn(EDITOR);
  const zip = zipSync({ 'imsmanifest.xml': strToU8(manifest), 'one.html': strToU8('<p>1</p>'), 'two.html': strToU8('<p>2</p>') });
  const item = await uploaded(editor, 'multi.zip', 'application/zip', zip);
  await env.DB.prepare(
    "INSERT INTO session (course_id, module_number, number, kind, duration, media_url, position) VALUES ('triage', 2, 11, 'scorm', '0h 15m 0s', ?, 11)",
  )
    .bind(item.url)
    .run();
  learner = await signIn(LEARNER);
  // The server has seen the learner's time on the session: the package's word decides.
  await studySession(LEARNER.id, 'triage', 2, 11);
});

const commit = (body: unknown, locale?: string) => api(SESSION, { method: 'PUT', cookie: learner, json: body, locale });
const items = async () =>
  (
    await env.DB.prepare("SELECT item, completion, location FROM scorm_state WHERE user_id = ? AND course_id = 'triage' AND number = 11 ORDER BY item")
      .bind(LEARNER.id)
      .all()
  ).results;
const completed = async () =>
  (
    await env.DB.prepare("SELECT COUNT(*) AS n FROM session_progress WHERE user_id = ? AND course_id = 'triage' AND module_number = 2 AND number = 11")
      .bind(LEARNER.id)
      .first<{ n: number }>()
  )?.n;

describe('a SCORM package of several SCOs', () => {
  it('keeps each item its own data, and completes the session only when every item is done', async () => {
    const first = await commit({ attempt: 'abab0001', sequence: 1, item: 'lesson-1', cmi: { core: { lesson_status: 'completed', lesson_location: 'end-1' } } });
    expect(first.status, await first.clone().text()).toBe(200);
    expect(((await first.json()) as { outcome: unknown }).outcome).toEqual({
      completion: 'completed',
      success: 'unknown',
      scoreScaled: null,
      completed: false,
      newlyCompleted: false,
      itemsDone: ['lesson-1'],
    });
    expect(await completed()).toBe(0);

    // The second item's runtime starts its own sitting: nothing of the first is overwritten.
    const second = await commit({ attempt: 'abab0002', sequence: 1, item: 'lesson-2', cmi: { core: { lesson_status: 'incomplete', lesson_location: 'p2' } } });
    expect(((await second.json()) as { outcome: { itemsDone: string[]; completed: boolean } }).outcome).toMatchObject({
      completion: 'incomplete',
      itemsDone: ['lesson-1'],
      completed: false,
    });
    expect(await items()).toEqual([
      { item: 'lesson-1', completion: 'completed', location: 'end-1' },
      { item: 'lesson-2', completion: 'incomplete', location: 'p2' },
    ]);

    const done = await commit({ attempt: 'abab0002', sequence: 2, item: 'lesson-2', cmi: { core: { lesson_status: 'passed', lesson_location: 'end-2' } } });
    expect(((await done.json()) as { outcome: unknown }).outcome).toMatchObject({
      completion: 'passed',
      itemsDone: ['lesson-1', 'lesson-2'],
      completed: true,
      newlyCompleted: true,
    });
    expect(await completed()).toBe(1);
  });

  it("refuses a commit for an item the package does not have, in the learner's language, keeping nothing", async () => {
    const before = await items();
    const unknown = await commit({ attempt: 'abab0003', sequence: 1, item: 'lesson-9', cmi: { core: { lesson_status: 'passed' } } }, 'en-US');
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as { message: string }).message).toBe('The SCORM package of this session has no part "lesson-9".');
    const italian = await commit({ attempt: 'abab0003', sequence: 1, item: 'lesson-9', cmi: {} });
    expect(((await italian.json()) as { message: string }).message).toBe('Il pacchetto SCORM di questa sessione non ha la parte «lesson-9».');
    const long = await commit({ attempt: 'abab0003', sequence: 1, item: 'x'.repeat(201), cmi: {} });
    expect(long.status).toBe(400);
    expect(await items()).toEqual(before);
  });

  it('a commit without an item is the first item’s, as the player sent before items had their own runtime', async () => {
    const plain = await commit({ attempt: 'abab0004', sequence: 1, cmi: { core: { lesson_status: 'completed', lesson_location: 'again-1' } } });
    expect(plain.status).toBe(200);
    expect((await items())[0]).toEqual({ item: 'lesson-1', completion: 'completed', location: 'again-1' });
  });
});
