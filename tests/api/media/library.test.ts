import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { deletedMedia, mediaItem } from '../../../core/contracts/media.ts';
import { mp4File, pdfFile, png, vttFile, webmFile } from '../../media-files.ts';
import { EDITOR, LEARNER, SITE, seedFixtures, signIn } from '../fixtures.ts';
import { api, objectKeys, refusal, served, sha256, storedState, upload, uploaded } from './media-fixtures.ts';

let editor = '';
let learner = '';

beforeAll(async () => {
  await seedFixtures();
  editor = await signIn(EDITOR);
  learner = await signIn(LEARNER);
});

async function library(locale = 'it-IT') {
  const response = await api('/cms/media', { cookie: editor, locale });
  expect(response.status).toBe(200);
  return mediaItem.array().parse(((await response.json()) as { outcome: unknown }).outcome);
}

const session = (sql: string, ...values: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...values)
    .run();

describe('the media library', () => {
  it('lists every file with its size, type, duration, and where it is used: live sessions and drafts', async () => {
    const video = await uploaded(editor, 'Codici colore.webm', 'video/webm', webmFile(95));
    const captions = await uploaded(editor, 'codici.it-IT.vtt', 'text/vtt', vttFile());
    const poster = await uploaded(editor, 'Locandina.png', 'image/png', png(640, 360));
    const handout = await uploaded(editor, 'Casi.pdf', 'application/pdf', pdfFile());
    await session(
      "UPDATE session SET media_url = ?, poster_url = ?, captions = json_object('it-IT', ?) WHERE course_id = 'triage' AND module_number = 1 AND number = 2",
      video.url,
      poster.url,
      captions.url,
    );
    await session(
      "UPDATE session_text SET body = json_array(json_object('type', 'p', 'text', 'Guarda.'), json_object('type', 'img', 'text', 'Locandina', 'src', ?)) WHERE course_id = 'triage' AND module_number = 1 AND number = 1 AND locale = 'it-IT'",
      poster.url,
    );
    await session(
      "INSERT INTO cms_draft (site_id, locale, kind, key, fields, author_id, updated_at) VALUES (?, 'it-IT', 'outline', 'triage', json_object('modules', json_array(json_object('sessions', json_array(json_object('media', ?))))), ?, 0)",
      SITE,
      handout.url,
      EDITOR.id,
    );

    const listed = new Map((await library()).map((item) => [item.key, item]));
    expect(listed.get(video.key)).toMatchObject({
      name: 'Codici colore.webm',
      type: 'video/webm',
      kind: 'video',
      durationSeconds: 95,
      uploadedBy: 'Edoardo Prova',
    });
    expect(listed.get(video.key)?.uses).toEqual([
      { source: 'session', courseId: 'triage', courseTitle: 'Triage', module: 1, session: 2, sessionTitle: 'I codici', role: 'media' },
    ]);
    expect(listed.get(captions.key)?.uses).toEqual([expect.objectContaining({ module: 1, session: 2, role: 'captions' })]);
    expect(listed.get(poster.key)?.uses).toEqual([
      expect.objectContaining({ module: 1, session: 1, sessionTitle: 'Le fasi', role: 'body' }),
      expect.objectContaining({ module: 1, session: 2, role: 'poster' }),
    ]);
    expect(listed.get(handout.key)?.uses).toEqual([{ source: 'draft', kind: 'outline', key: 'triage', locale: 'it-IT' }]);
    expect(listed.get(handout.key)?.size).toBe(pdfFile().length);
  });

  it('refuses to delete a file something uses, naming the users, and deletes it once nothing does', async () => {
    const clip = await uploaded(editor, 'Da eliminare.mp4', 'video/mp4', mp4File(20));
    await session("UPDATE session SET media_url = ? WHERE course_id = 'triage' AND module_number = 2 AND number = 1", clip.url);
    const used = await api(`/cms/media/${clip.key}`, { method: 'DELETE', cookie: editor });
    expect(await refusal(used, 409)).toBe('Il file è ancora usato e non si può eliminare: corso «Triage», sessione 2.1 «Casi».');
    expect((await served(clip.key, learner)).status).toBe(200);
    expect((await library()).map((item) => item.key)).toContain(clip.key);

    // A draft that names it holds it too.
    await session("UPDATE session SET media_url = NULL WHERE course_id = 'triage' AND module_number = 2 AND number = 1");
    await session(
      "INSERT INTO cms_draft (site_id, locale, kind, key, fields, author_id, updated_at) VALUES (?, 'en-US', 'session', 'triage/2/1', json_object('body', json_array(json_object('type', 'img', 'src', ?))), ?, 0)",
      SITE,
      clip.url,
      EDITOR.id,
    );
    const drafted = await api(`/cms/media/${clip.key}`, { method: 'DELETE', cookie: editor, locale: 'en-US' });
    expect(await refusal(drafted, 409)).toBe('The file is still in use and cannot be deleted: draft session "triage/2/1" (en-US).');

    await session("DELETE FROM cms_draft WHERE key = 'triage/2/1'");
    const deleted = await api(`/cms/media/${clip.key}`, { method: 'DELETE', cookie: editor });
    expect(deleted.status).toBe(200);
    expect(deletedMedia.parse(((await deleted.json()) as { outcome: unknown }).outcome)).toEqual({ key: clip.key });
    expect((await served(clip.key, learner)).status).toBe(404);
    expect(await objectKeys()).not.toContain(clip.key);
    expect((await library()).map((item) => item.key)).not.toContain(clip.key);
    const event = await env.DB.prepare("SELECT user_id FROM event WHERE action = 'cms' AND variant = 'media' AND scope = 'delete' AND subject = ?")
      .bind(clip.key)
      .first();
    expect(event).toEqual({ user_id: EDITOR.id });
    expect(await refusal(await api(`/cms/media/${clip.key}`, { method: 'DELETE', cookie: editor }), 404)).toBe(
      `Contenuto multimediale non trovato: ${clip.key}`,
    );
  });

  it('replaces a file in place: same address, sessions keep it, the new bytes served and described', async () => {
    const first = await uploaded(editor, 'Lezione.webm', 'video/webm', webmFile(30));
    await session("UPDATE session SET media_url = ? WHERE course_id = 'triage' AND module_number = 2 AND number = 1", first.url);
    const longer = mp4File(120, 30_000);
    const replaced = await uploaded(editor, 'Lezione rivista.mp4', 'video/mp4', longer, first.key);
    expect(replaced).toMatchObject({
      key: first.key,
      url: first.url,
      name: 'Lezione rivista.mp4',
      type: 'video/mp4',
      size: longer.length,
      durationSeconds: 120,
    });
    expect(replaced.replacedAt).not.toBeNull();
    expect(replaced.uses).toEqual([expect.objectContaining({ courseId: 'triage', module: 2, session: 1 })]);
    const media = await served(first.key, learner);
    expect(media.headers.get('content-type')).toBe('video/mp4');
    expect(await sha256(await media.arrayBuffer())).toBe(await sha256(longer));
    expect((await objectKeys()).filter((key) => key.startsWith('staging/'))).toEqual([]);
    const event = await env.DB.prepare("SELECT COUNT(*) AS n FROM event WHERE variant = 'media' AND scope = 'replace' AND subject = ?")
      .bind(first.key)
      .first<{ n: number }>();
    expect(event?.n).toBe(1);
  });

  it('keeps the old file working when its replacement fails its checks, and leaves nothing of the replacement', async () => {
    const original = webmFile(45);
    const kept = await uploaded(editor, 'Originale.webm', 'video/webm', original);
    const before = await storedState();
    const cut = mp4File(200, 20_000).subarray(0, 15_000);
    expect(await refusal(await upload(editor, 'Rotto.mp4', 'video/mp4', cut, kept.key), 422)).toBe(
      "Il file è incompleto (troncato o danneggiato): caricalo di nuovo dall'originale.",
    );
    expect(await storedState()).toEqual(before);
    // Not in a published session yet: a learner does not have it, its editor does.
    expect((await served(kept.key, learner)).status).toBe(404);
    const media = await served(kept.key, editor);
    expect(media.status).toBe(200);
    expect(await sha256(await media.arrayBuffer())).toBe(await sha256(original));
    expect((await library()).find((item) => item.key === kept.key)).toMatchObject({ name: 'Originale.webm', durationSeconds: 45, replacedAt: null });
  });

  it('replaces a file only with one of the same kind, and only a file of the library', async () => {
    const pdf = await uploaded(editor, 'Scheda.pdf', 'application/pdf', pdfFile());
    const before = await storedState();
    const other = await api('/cms/uploads', { method: 'POST', cookie: editor, json: { name: 'v.mp4', type: 'video/mp4', size: 2048, replaces: pdf.key } });
    expect(await refusal(other, 400)).toBe('Un file si sostituisce con uno dello stesso genere: quello da sostituire è application/pdf, il nuovo è video/mp4.');
    const missing = await api('/cms/uploads', {
      method: 'POST',
      cookie: editor,
      json: { name: 'x.pdf', type: 'application/pdf', size: 10, replaces: 'nessuno.pdf' },
    });
    expect(await refusal(missing, 404)).toBe('Contenuto multimediale non trovato: nessuno.pdf');
    expect(await storedState()).toEqual(before);
  });

  it('is for editors: a learner may neither list nor delete', async () => {
    expect((await api('/cms/media', { cookie: learner })).status).toBe(403);
    expect((await api('/cms/media/qualcosa.pdf', { method: 'DELETE', cookie: learner })).status).toBe(403);
  });
});

describe("a video session's duration", () => {
  it('is its file’s, whatever was typed; text and PDF sessions keep the declared one', async () => {
    const clip = await uploaded(editor, 'Sette secondi.mp4', 'video/mp4', mp4File(7));
    const session = (number: number, kind: string, media: string | null, duration: string) => ({ number, kind, duration, media, poster: null, captions: {} });
    const outline = {
      category: 'cat-rischio',
      ecmCredits: 6,
      withdrawn: false,
      modules: [
        { number: 1, sessions: [session(1, 'text', null, '0h 25m 0s'), session(2, 'video', clip.url, '0h 10m 0s')] },
        { number: 2, sessions: [session(1, 'document', '/media/corsi/guida.pdf', '0h 10m 45s')] },
      ],
    };
    const saved = await api('/cms/documents/outline/it-IT/triage', { method: 'PUT', cookie: editor, json: outline });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const view = (await saved.json()) as { outcome: { draft: { fields: typeof outline } } };
    const [first, second] = view.outcome.draft.fields.modules;
    expect(first?.sessions.map((entry) => entry.duration)).toEqual(['0h 25m 0s', '0h 0m 7s']);
    expect(second?.sessions[0]?.duration).toBe('0h 10m 45s');
    await env.DB.prepare("DELETE FROM cms_draft WHERE kind = 'outline' AND key = 'triage'").run();
  });
});
