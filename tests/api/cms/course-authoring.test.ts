import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, EDITOR, LEARNER, outcome, seedFixtures, signIn, SITE, TESTER } from '../fixtures.ts';
import type { CmsCatalogue, CourseStructure } from '../../../core/contracts/cms-structure.ts';
import type { CourseDetail } from '../../../core/contracts/lms.ts';
import type { Outline, OutlineSession } from '../../../core/course-outline.ts';

beforeAll(seedFixtures);

const doc = (kind: string, key: string, locale = 'it-IT') => `/api/cms/documents/${kind}/${locale}/${key}`;
const put = async (cookie: string, kind: string, key: string, fields: unknown, locale = 'it-IT') =>
  call(doc(kind, key, locale), { method: 'PUT', body: fields, cookie });
const session = (number: number, kind: 'text' | 'video' | 'document' = 'text', duration = '0h 10m 0s'): OutlineSession => ({
  number,
  kind,
  duration,
  media: kind === 'text' ? null : kind === 'video' ? '/media/demo/clip.mp4' : '/media/demo/guida.pdf',
  poster: null,
  captions: kind === 'video' ? { 'it-IT': '/media/demo/clip.it-IT.vtt' } : {},
});
const newCourse = (id: string) => ({
  id,
  title: `Corso ${id}`,
  summary: 'Per infermieri di reparto.',
  description: 'Un corso creato dal redattore, senza sviluppatori.',
  category: 'cat-rischio',
  ecmCredits: null,
  moduleTitle: 'Primo modulo',
});
const publish = async (cookie: string) => call('/api/cms/publish', { method: 'POST', cookie });
const course = async (cookie: string, id: string) => call(`/api/lms/course/${id}`, { cookie });

describe('course authoring', () => {
  it('creates a course as drafts, refuses to publish it half-written, then publishes it with its modules and sessions', async () => {
    const editor = await signIn(EDITOR);
    const created = await call('/api/cms/courses', { method: 'POST', body: newCourse('igiene-base'), cookie: editor });
    expect(created.status).toBe(200);
    // Nothing is live yet, and the same address cannot be taken twice.
    expect((await course(editor, 'igiene-base')).status).toBe(404);
    const again = await call('/api/cms/courses', { method: 'POST', body: newCourse('igiene-base'), cookie: editor });
    expect(again.status).toBe(409);
    expect((await again.json<{ message: string }>()).message).toContain('igiene-base');
    expect((await outcome<CmsCatalogue>(await call('/api/cms/courses', { cookie: editor }))).courses.find((c) => c.id === 'igiene-base')).toMatchObject({
      status: 'new',
      drafted: true,
    });

    // A course without a session is not published.
    const empty = await publish(editor);
    expect(empty.status).toBe(400);
    expect((await empty.json<{ message: string }>()).message).toContain('nessuna sessione');

    const outline: Outline = {
      category: 'cat-rischio',
      ecmCredits: null,
      withdrawn: false,
      modules: [
        { number: 1, sessions: [session(1), session(2, 'video', '0h 0m 42s')] },
        { number: 2, sessions: [session(1, 'document', '0h 5m 0s')] },
      ],
    };
    expect((await put(editor, 'outline', 'igiene-base', outline)).status).toBe(200);
    // A session without its title would leave an empty heading: the publish names it.
    const untitled = await publish(editor);
    expect(untitled.status).toBe(400);
    expect((await untitled.json<{ message: string }>()).message).toContain('igiene-base.');
    expect((await put(editor, 'module', 'igiene-base.2', { title: 'Secondo modulo' })).status).toBe(200);
    for (const [key, title] of [
      ['igiene-base.1.1', 'Le basi'],
      ['igiene-base.1.2', 'Il video'],
      ['igiene-base.2.1', 'La guida'],
    ]) {
      expect(
        (
          await put(editor, 'session', key ?? '', {
            title,
            body: [
              { type: 'h2', text: title },
              { type: 'ul', text: 'uno\ndue' },
            ],
          })
        ).status,
      ).toBe(200);
    }
    expect((await publish(editor)).status).toBe(200);

    const learner = await signIn(LEARNER);
    const live = await outcome<CourseDetail>(await course(learner, 'igiene-base'));
    expect(live.title).toBe('Corso igiene-base');
    expect(live.duration).toBe('0h 15m 42s');
    expect(live.modules.map((m) => [m.title, m.sessions.map((s) => s.title)])).toEqual([
      ['Primo modulo', ['Le basi', 'Il video']],
      ['Secondo modulo', ['La guida']],
    ]);
  });

  it('reorders and removes sessions, keeping learners’ records and never reusing a number', async () => {
    const editor = await signIn(EDITOR);
    const learner = await signIn(LEARNER);
    expect((await call('/api/lms/course/igiene-base/session/1/1/complete', { method: 'POST', cookie: learner, body: {} })).status).toBe(200);
    const structure = await outcome<CourseStructure>(await call('/api/cms/courses/igiene-base/structure', { cookie: editor }));
    expect(structure.learners).toEqual({ '1.1': 1 });
    expect(structure.usedSessions.sort()).toEqual(['1.1', '1.2', '2.1']);

    // Module 2 first, and session 1.1 (which a learner completed) removed.
    const outline: Outline = {
      category: 'cat-rischio',
      ecmCredits: null,
      withdrawn: false,
      modules: [
        { number: 2, sessions: [session(1, 'document', '0h 5m 0s')] },
        { number: 1, sessions: [session(2, 'video', '0h 0m 42s')] },
      ],
    };
    expect((await put(editor, 'outline', 'igiene-base', outline)).status).toBe(200);
    expect((await publish(editor)).status).toBe(200);
    const live = await outcome<CourseDetail>(await course(learner, 'igiene-base'));
    expect(live.modules.map((m) => m.number)).toEqual([2, 1]);
    expect(live.modules.flatMap((m) => m.sessions.map((s) => `${s.moduleNumber}.${s.number}`))).toEqual(['2.1', '1.2']);
    expect(live.duration).toBe('0h 5m 42s');
    // The learner's completion is kept, though the session is gone from the course.
    const kept = await env.DB.prepare("SELECT COUNT(*) AS n FROM session_progress WHERE course_id = 'igiene-base' AND module_number = 1 AND number = 1").first<{
      n: number;
    }>();
    expect(kept?.n).toBe(1);
    expect((await call('/api/lms/course/igiene-base/session/1/1', { cookie: learner })).status).toBe(404);

    // Bringing number 1.1 back would hand its old records to a new session.
    const reused = await put(editor, 'outline', 'igiene-base', {
      ...outline,
      modules: [...outline.modules, { number: 3, sessions: [] }].map((m) => (m.number === 1 ? { ...m, sessions: [session(1), ...m.sessions] } : m)),
    });
    expect(reused.status).toBe(400);
    expect((await reused.json<{ message: string }>()).message).toContain('1.1');
  });

  it('keeps structure in the main language only and refuses a category that does not exist', async () => {
    const editor = await signIn(EDITOR);
    const outline = { category: 'cat-rischio', ecmCredits: null, withdrawn: false, modules: [{ number: 1, sessions: [] }] };
    const english = await put(editor, 'outline', 'igiene-base', outline, 'en-US');
    expect(english.status).toBe(400);
    expect((await english.json<{ message: string }>()).message).toContain('it-IT');
    const unknown = await put(editor, 'outline', 'igiene-base', { ...outline, category: 'cat-nessuna' });
    expect(unknown.status).toBe(400);
    expect((await unknown.json<{ message: string }>()).message).toContain('cat-nessuna');
    // A video needs its file; credits follow the registry's one-decimal pattern.
    expect(
      (await put(editor, 'outline', 'igiene-base', { ...outline, modules: [{ number: 1, sessions: [{ ...session(9, 'video'), media: null }] }] })).status,
    ).toBe(400);
    expect((await put(editor, 'outline', 'igiene-base', { ...outline, ecmCredits: 4.25 })).status).toBe(400);
    // An outline for a course nobody created is refused.
    expect((await put(editor, 'outline', 'mai-creato', outline)).status).toBe(404);
  });

  it('duplicates a course with every text and withdraws one from the catalogue while its learners keep it', async () => {
    const editor = await signIn(EDITOR);
    const copy = await call('/api/cms/courses/igiene-base/duplicate', {
      method: 'POST',
      body: { id: 'igiene-base-2027', title: 'Igiene 2027' },
      cookie: editor,
    });
    expect(copy.status).toBe(200);
    const draft = await call(doc('session', 'igiene-base-2027.2.1'), { cookie: editor });
    expect((await outcome<{ draft: { fields: { title: string } } }>(draft)).draft.fields.title).toBe('La guida');
    expect((await publish(editor)).status).toBe(200);
    const learner = await signIn(LEARNER);
    expect((await outcome<CourseDetail>(await course(learner, 'igiene-base-2027'))).title).toBe('Igiene 2027');

    expect((await call('/api/lms/course/igiene-base/session/2/1/complete', { method: 'POST', cookie: learner, body: {} })).status).toBe(200);
    const outline = (await outcome<{ live: Outline }>(await call(doc('outline', 'igiene-base'), { cookie: editor }))).live;
    expect((await put(editor, 'outline', 'igiene-base', { ...outline, withdrawn: true })).status).toBe(200);
    expect((await publish(editor)).status).toBe(200);
    const catalogue = await env.DB.prepare("SELECT withdrawn_at FROM course WHERE id = 'igiene-base'").first<{ withdrawn_at: number | null }>();
    expect(catalogue?.withdrawn_at).not.toBeNull();
    // Its learner still finds it among their courses.
    const mine = await outcome<{ inProgress: { id: string }[] }>(await call('/api/lms/courses/mine', { cookie: learner }));
    expect(mine.inProgress.map((c) => c.id)).toContain('igiene-base');
  });

  it('creates and orders categories through drafts', async () => {
    const editor = await signIn(EDITOR);
    const created = await call('/api/cms/categories', { method: 'POST', body: { id: 'emergenza', name: 'Emergenza' }, cookie: editor });
    expect(created.status).toBe(200);
    expect((await call('/api/cms/categories', { method: 'POST', body: { id: 'rischio', name: 'Doppia' }, cookie: editor })).status).toBe(409);
    const order = await put(editor, 'categories', 'catalogue', { order: ['emergenza', 'cat-privacy', 'cat-rischio'] });
    expect(order.status).toBe(200);
    const dropped = await put(editor, 'categories', 'catalogue', { order: ['emergenza', 'cat-privacy'] });
    expect(dropped.status).toBe(400);
    expect((await dropped.json<{ message: string }>()).message).toContain('cat-rischio');
    expect((await publish(editor)).status).toBe(200);
    const rows = await env.DB.prepare('SELECT id FROM category WHERE site_id = ? ORDER BY position').bind(SITE).all<{ id: string }>();
    expect(rows.results.map((row) => row.id)).toEqual(['emergenza', 'cat-privacy', 'cat-rischio']);
    const name = await env.DB.prepare("SELECT name FROM category_text WHERE category_id = 'emergenza' AND locale = 'it-IT'").first<{ name: string }>();
    expect(name?.name).toBe('Emergenza');
  });

  it('lets a tester read the structure but not create', async () => {
    const tester = await signIn(TESTER);
    expect((await call('/api/cms/courses', { cookie: tester })).status).toBe(200);
    expect((await call('/api/cms/courses', { method: 'POST', body: newCourse('da-tester'), cookie: tester })).status).toBe(403);
  });
});
