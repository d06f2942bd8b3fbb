import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EditorView, LinkTargets } from '../../../core/contracts/cms.ts';
import { call, EDITOR, LEARNER, outcome, seedFixtures, signIn } from '../fixtures.ts';

beforeAll(seedFixtures);

const SESSION = '/api/cms/documents/session/it-IT/triage.1.1';
const storedBody = async () =>
  (
    await env.DB.prepare("SELECT body FROM session_text WHERE course_id = 'triage' AND module_number = 1 AND number = 1 AND locale = 'it-IT'").first<{
      body: string;
    }>()
  )?.body;
const text = (value: string, marks?: unknown[]) => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });

describe("a lesson's rich text", () => {
  it('is saved as a document the contract allows (attributes it does not draw dropped) and published as it is', async () => {
    const editor = await signIn(EDITOR);
    const body = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [text('Le fasi')] },
        {
          type: 'paragraph',
          content: [
            text('Vedi '),
            text('la sessione', [{ type: 'link', attrs: { href: '/it-IT/course/session/triage/1/2', target: '_blank' } }]),
            text(' e ', [{ type: 'bold' }]),
          ],
        },
        {
          type: 'table',
          content: [
            {
              type: 'tableRow',
              content: [
                { type: 'tableHeader', attrs: { colspan: 1, rowspan: 1, colwidth: null }, content: [{ type: 'paragraph', content: [text('Codice')] }] },
              ],
            },
          ],
        },
      ],
    };
    const saved = await call(SESSION, { method: 'PUT', cookie: editor, body: { title: 'Le fasi', body } });
    expect(saved.status).toBe(200);
    const draft = (await outcome<EditorView>(saved)).draft?.fields as { body: { content: { content: unknown[] }[] } };
    expect(draft.body.content[1]?.content[1]).toEqual(text('la sessione', [{ type: 'link', attrs: { href: '/it-IT/course/session/triage/1/2' } }]));
    expect(JSON.stringify(draft.body)).not.toContain('colwidth');
    expect((await call('/api/cms/publish', { method: 'POST', cookie: editor })).status).toBe(200);
    expect(JSON.parse((await storedBody()) ?? 'null')).toEqual(draft.body);
  });

  it('refuses a document a page must not draw, with the field named, and keeps nothing of it', async () => {
    const editor = await signIn(EDITOR);
    const before = await storedBody();
    for (const body of [
      { type: 'doc', content: [{ type: 'paragraph', content: [text('premi', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }])] }] },
      { type: 'doc', content: [{ type: 'image', attrs: { src: 'https://evil.example/x.png', alt: 'x' } }] },
      { type: 'doc', content: [{ type: 'rawHtml', html: '<script>alert(1)</script>' }] },
    ]) {
      const refused = await call(SESSION, { method: 'PUT', cookie: editor, body: { title: 'Le fasi', body } });
      expect(refused.status).toBe(400);
      expect((await refused.json<{ message: string }>()).message).toMatch(/body/);
    }
    expect((await outcome<EditorView>(await call(SESSION, { cookie: editor }))).draft).toBeNull();
    expect(await storedBody()).toBe(before);
  });

  it('refuses a save without a document, or without a title, as a bad request naming the field', async () => {
    const editor = await signIn(EDITOR);
    for (const [fields, named] of [
      [{}, /title/],
      [{ title: 'Le fasi' }, /body/],
      [{ title: 5 }, /title/],
    ] as const) {
      const refused = await call(SESSION, { method: 'PUT', cookie: editor, body: fields });
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect((await refused.json<{ message: string }>()).message).toMatch(named);
    }
  });

  it('takes a body written before the rich editor (blocks) and keeps it as the document it converts to', async () => {
    const editor = await signIn(EDITOR);
    const saved = await call(SESSION, {
      method: 'PUT',
      cookie: editor,
      body: { title: 'Le fasi', body: [{ type: 'ul', text: 'uno\n[due](/it-IT/privacy)' }] },
    });
    expect(saved.status).toBe(200);
    expect((await outcome<EditorView>(saved)).draft?.fields).toMatchObject({
      body: {
        type: 'doc',
        content: [
          {
            type: 'bulletList',
            content: [
              { type: 'listItem', content: [{ type: 'paragraph', content: [text('uno')] }] },
              { type: 'listItem', content: [{ type: 'paragraph', content: [text('due', [{ type: 'link', attrs: { href: '/it-IT/privacy' } }])] }] },
            ],
          },
        ],
      },
    });
    expect((await call(SESSION, { method: 'DELETE', cookie: editor })).status).toBe(200);
  });
});

describe('what a lesson may link to', () => {
  it("lists the site's pages and each course's sessions, in the text's locale, to editors only", async () => {
    const editor = await signIn(EDITOR);
    const targets = await outcome<LinkTargets>(await call('/api/cms/link-targets?locale=it-IT', { cookie: editor }));
    expect(targets.pages).toContainEqual({ title: 'Informativa privacy', href: '/it-IT/privacy' });
    const triage = targets.courses.find((course) => course.href === '/it-IT/course/triage');
    expect(triage?.title).toBe('Triage');
    expect(triage?.sessions.map((session) => session.href)).toEqual([
      '/it-IT/course/session/triage/1/1',
      '/it-IT/course/session/triage/1/2',
      '/it-IT/course/session/triage/2/1',
    ]);
    expect((await call('/api/cms/link-targets?locale=xx-XX', { cookie: editor })).status).toBe(400);
    expect((await call('/api/cms/link-targets?locale=it-IT', { cookie: await signIn(LEARNER) })).status).toBe(403);
  });
});

describe('a long lesson', () => {
  it('is saved whole past the 64 KiB of other calls, up to its own limit', async () => {
    const editor = await signIn(EDITOR);
    const paragraph = { type: 'paragraph', content: [text('Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(60))] };
    const body = { type: 'doc', content: Array.from({ length: 30 }, () => paragraph) };
    expect(JSON.stringify(body).length).toBeGreaterThan(100_000);
    const saved = await call(SESSION, { method: 'PUT', cookie: editor, body: { title: 'Le fasi', body } });
    expect(saved.status).toBe(200);
    const tooLong = await call(SESSION, {
      method: 'PUT',
      cookie: editor,
      body: { title: 'Le fasi', body: { type: 'doc', content: Array.from({ length: 70 }, () => paragraph) } },
    });
    expect(tooLong.status).toBe(400);
    expect((await call(SESSION, { method: 'DELETE', cookie: editor })).status).toBe(200);
  });
});
