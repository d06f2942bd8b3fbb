import { createScheduledController } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { PART_SIZE } from '../../../core/media/kinds.ts';
import { concat, mp4File, pdfFile, png, text, vttFile, webmFile } from '../../media-files.ts';
import worker from '../api-worker.ts';
import { EDITOR, LEARNER, seedFixtures, signIn } from '../fixtures.ts';
import { api, complete, putPart, refusal, served, sha256, startUpload, storedState, upload, uploaded } from './media-fixtures.ts';

let editor = '';

beforeAll(async () => {
  await seedFixtures();
  editor = await signIn(EDITOR);
});

/** A part's body that stops after `sent` bytes, as a connection dropped half way does. */
function droppedAfter(bytes: Uint8Array, sent: number): ReadableStream<Uint8Array> {
  let done = false;
  return new ReadableStream({
    pull(controller) {
      if (done) return controller.error(new Error('connection lost'));
      controller.enqueue(bytes.slice(0, sent));
      done = true;
    },
  });
}

describe('uploads in parts', () => {
  it('take a video of several parts, resume after a dropped part re-sent, and store it byte for byte with its true duration', async () => {
    const file = mp4File(754, 2 * PART_SIZE + 1_234_567);
    const started = await startUpload(editor, { name: 'Lezione lunga.mp4', type: 'video/mp4', size: file.length });
    expect(started).toMatchObject({ partSize: PART_SIZE, partCount: 3, received: [] });
    const part = (n: number) => file.slice((n - 1) * PART_SIZE, n * PART_SIZE);

    expect((await putPart(editor, started.id, 1, part(1))).status).toBe(200);
    // Part 2 loses its connection 2 MB in: nothing of it is kept, the upload waits for it.
    const dropped = await putPart(editor, started.id, 2, droppedAfter(part(2), 2_000_000), { 'content-length': String(PART_SIZE) });
    expect(await refusal(dropped, 400)).toBe('La parte 2 non è arrivata intera (connessione interrotta?): inviala di nuovo.');
    // The last part may come before the second.
    expect((await putPart(editor, started.id, 3, part(3))).status).toBe(200);
    const status = await api(`/cms/uploads/${started.id}`, { cookie: editor });
    expect(await status.json()).toMatchObject({ outcome: { received: [1, 3], receivedBytes: PART_SIZE + part(3).length } });
    expect(await refusal(await complete(editor, started.id), 409)).toBe('Mancano ancora delle parti del file (2): inviale e riprova.');

    // Sent again in full, a part replaces what R2 had of it.
    expect((await putPart(editor, started.id, 2, part(2))).status).toBe(200);
    const done = await complete(editor, started.id);
    expect(done.status, await done.clone().text()).toBe(200);
    const { outcome: item } = (await done.json()) as { outcome: { key: string; url: string; size: number; durationSeconds: number; type: string } };
    expect(item).toMatchObject({ url: `/media/${item.key}`, size: file.length, durationSeconds: 754, type: 'video/mp4' });
    expect(item.key).toMatch(/^lezione-lunga-[0-9a-f]{8}\.mp4$/);

    // No published session uses it yet: a learner does not have it, the editor previews it.
    expect((await served(item.key, await signIn(LEARNER))).status).toBe(404);
    const media = await served(item.key, editor);
    expect(media.headers.get('content-type')).toBe('video/mp4');
    expect(await sha256(await media.arrayBuffer())).toBe(await sha256(file));
    const after = await storedState();
    expect(after.uploads).toBe(0);
    expect(after.parts).toBe(0);
  });

  it("list the editor's unfinished uploads to resume, and a cancelled one leaves nothing", async () => {
    const before = await storedState();
    const file = pdfFile();
    const started = await startUpload(editor, { name: 'Bozza.pdf', type: 'application/pdf', size: file.length });
    const mine = await api('/cms/uploads', { cookie: editor });
    expect(((await mine.json()) as { outcome: { id: string }[] }).outcome.map((entry) => entry.id)).toContain(started.id);
    expect((await api(`/cms/uploads/${started.id}`, { method: 'DELETE', cookie: editor })).status).toBe(200);
    expect(await storedState()).toEqual(before);
    expect(await refusal(await putPart(editor, started.id, 1, file), 404)).toBe(`Caricamento non trovato, annullato o già concluso: ${started.id}`);
  });

  it('are for editors only', async () => {
    const learner = await signIn(LEARNER);
    const response = await api('/cms/uploads', { method: 'POST', cookie: learner, json: { name: 'x.pdf', type: 'application/pdf', size: 10 } });
    expect(await refusal(response, 403)).toBe('Il tuo ruolo non consente questa operazione (content:edit).');
  });

  it('refuse a part without its length or of another type, naming why', async () => {
    const started = await startUpload(editor, { name: 'a.vtt', type: 'text/vtt', size: vttFile().length });
    const form = await putPart(editor, started.id, 1, vttFile(), { 'content-type': 'text/plain' });
    expect(await refusal(form, 415)).toBe('Le parti di un file vanno inviate come application/octet-stream.');
    const chunked = await putPart(
      editor,
      started.id,
      1,
      new ReadableStream({
        start(controller) {
          controller.enqueue(vttFile());
          controller.close();
        },
      }),
    );
    expect(await refusal(chunked, 411)).toBe('Ogni parte di un file va inviata con la sua lunghezza (Content-Length).');
    expect(await refusal(await putPart(editor, started.id, 2, vttFile()), 400)).toBe('Il caricamento ha 1 parti: la parte 2 non esiste.');
    expect((await api(`/cms/uploads/${started.id}`, { method: 'DELETE', cookie: editor })).status).toBe(200);
  });
});

describe('refusals leave nothing stored', () => {
  /** Runs a refused upload and checks that the bucket, the library and the uploads are as before. */
  async function refused(name: string, type: string, bytes: Uint8Array, status: number, locale = 'it-IT'): Promise<string> {
    const before = await storedState();
    const started = await api('/cms/uploads', { method: 'POST', cookie: editor, locale, json: { name, type, size: bytes.length } });
    let answer = started;
    if (started.status === 200) {
      const { outcome } = (await started.json()) as { outcome: { id: string; partSize: number; partCount: number } };
      for (let part = 1; part <= outcome.partCount && answer.status < 300; part++) {
        answer = await putPart(editor, outcome.id, part, bytes.slice((part - 1) * outcome.partSize, part * outcome.partSize), undefined, locale);
      }
      if (answer.status < 300) answer = await complete(editor, outcome.id, locale);
    }
    const message = await refusal(answer, status);
    expect(await storedState(), `${name}: something was left`).toEqual(before);
    return message;
  }

  it('a type not allowed, SVG among them, before a byte is sent', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    expect(await refused('logo.svg', 'image/svg+xml', text(svg), 415)).toBe(
      'Tipo di file non ammesso (image/svg+xml): sono ammessi video MP4, M4V o WebM, documenti PDF, sottotitoli WebVTT, immagini PNG, JPEG o WebP e pacchetti SCORM (zip).',
    );
    expect(await refused('archivio.7z', 'application/x-7z-compressed', text('7z'), 415, 'en-US')).toBe(
      'File type not allowed (application/x-7z-compressed): MP4, M4V or WebM videos, PDF documents, WebVTT captions, PNG, JPEG or WebP images and SCORM packages (zip) are.',
    );
  });

  it('an empty file, and one over its kind limit', async () => {
    expect(await refused('vuoto.mp4', 'video/mp4', new Uint8Array(), 400)).toBe('Il file è vuoto.');
    const before = await storedState();
    const large = await api('/cms/uploads', {
      method: 'POST',
      cookie: editor,
      json: { name: 'grande.pdf', type: 'application/pdf', size: 100 * 1024 * 1024 + 1 },
    });
    // A byte over: both would read "100 MB", so the message counts bytes.
    expect((await refusal(large, 413)).replace(/\s/g, ' ')).toBe(
      'Il file è troppo grande (104.857.601 byte): il limite per questo tipo di file è 104.857.600 byte.',
    );
    const video = await api('/cms/uploads', {
      method: 'POST',
      cookie: editor,
      locale: 'de-DE',
      json: { name: 'riesig.webm', type: 'video/webm', size: 5 * 1024 ** 3 },
    });
    expect((await refusal(video, 413)).replace(/\s/g, ' ')).toBe('Die Datei ist zu groß (5 GB): Die Grenze für diesen Dateityp liegt bei 4 GB.');
    expect(await storedState()).toEqual(before);
    // A video of 2 GB is welcome: its upload starts.
    const welcome = await startUpload(editor, { name: 'corso-intero.mp4', type: 'video/mp4', size: 2 * 1024 ** 3 });
    expect(welcome.partCount).toBe(256);
    expect((await api(`/cms/uploads/${welcome.id}`, { method: 'DELETE', cookie: editor })).status).toBe(200);
  });

  it('content of another type than declared, judged by its bytes on the first part', async () => {
    expect(await refused('lezione.mp4', 'video/mp4', pdfFile(), 415)).toBe(
      'Il contenuto del file non è del tipo dichiarato (video/mp4): risulta application/pdf. Il tipo si riconosce dai byte, non dal nome.',
    );
    expect(await refused('foto.png', 'image/png', text('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'), 415, 'en-US')).toBe(
      "The file's content is not of the declared type (image/png): it reads as image/svg+xml. The type is told by the bytes, not the name.",
    );
    expect(await refused('clip.webm', 'video/webm', mp4File(3), 415)).toContain('risulta video/mp4');
    expect(await refused('sottotitoli.vtt', 'text/vtt', text('1\n00:00:00,000 --> 00:00:01,000\nSRT\n'), 415)).toContain('risulta di tipo sconosciuto');
  });

  it('a PDF that is not one', async () => {
    const message = 'Il file non è un PDF valido: aprilo e salvalo di nuovo come PDF, poi ricaricalo.';
    expect(await refused('dispensa.pdf', 'application/pdf', png(10, 10), 415)).toBe(message);
    expect(await refused('finto.pdf', 'application/pdf', text('%PDF-1.7\nnot really\nstartxref\n999999\n%%EOF\n'), 415)).toBe(message);
  });

  it('truncated files: an MP4 whose boxes fall short, or without its index; a WebM cut short; a PDF without its trailer', async () => {
    const truncated = "Il file è incompleto (troncato o danneggiato): caricalo di nuovo dall'originale.";
    const video = mp4File(60, 50_000);
    expect(await refused('tagliato.mp4', 'video/mp4', video.subarray(0, 40_000), 422)).toBe(truncated);
    const noIndex = concat(video.subarray(0, 32), new Uint8Array([0, 0, 0, 16]), text('mdat'), new Uint8Array(8));
    noIndex.set([0, 0, 0, 32], 0);
    expect(await refused('senza-indice.mp4', 'video/mp4', noIndex, 422)).toBe(
      "Il video non ha l'indice (moov) senza cui non si può riprodurre: è probabilmente incompleto. Esportalo di nuovo e ricaricalo.",
    );
    const webm = webmFile(30, 4000);
    expect(await refused('tagliato.webm', 'video/webm', webm.subarray(0, 3000), 422)).toBe(truncated);
    const pdf = pdfFile();
    expect(await refused('tagliato.pdf', 'application/pdf', pdf.subarray(0, pdf.length - 30), 422)).toBe(truncated);
  });

  it('captions not in UTF-8', async () => {
    const latin1 = concat(text('WEBVTT\n\n00:00.000 --> 00:01.000\nCos'), new Uint8Array([0xec]), text('\n'));
    expect(await refused('latin1.vtt', 'text/vtt', latin1, 422)).toBe('I sottotitoli WebVTT devono essere in UTF-8: salvali con questa codifica e ricaricali.');
  });

  it('a part whose length is not what the declared size gives it', async () => {
    const before = await storedState();
    const file = pdfFile();
    const started = await startUpload(editor, { name: 'diverso.pdf', type: 'application/pdf', size: file.length + 100 });
    expect(await refusal(await putPart(editor, started.id, 1, file), 400)).toBe(
      `La parte 1 doveva essere di ${file.length + 100} byte, ne sono stati inviati ${file.length}: il file non è quello dichiarato.`,
    );
    expect(await storedState()).toEqual(before);
  });
});

describe('the hourly cron', () => {
  it('discards uploads no part reached for a day, and keeps the others', async () => {
    const before = await storedState();
    const idle = await startUpload(editor, { name: 'abbandonato.webm', type: 'video/webm', size: webmFile(5).length });
    expect((await putPart(editor, idle.id, 1, webmFile(5))).status).toBe(200);
    const recent = await startUpload(editor, { name: 'in-corso.pdf', type: 'application/pdf', size: pdfFile().length });
    await env.DB.prepare('UPDATE media_upload SET updated_at = ? WHERE id = ?')
      .bind(Date.now() - 25 * 3600_000, idle.id)
      .run();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '17 * * * *' }), env);
    expect(await refusal(await api(`/cms/uploads/${idle.id}`, { cookie: editor }), 404)).toContain(idle.id);
    expect((await api(`/cms/uploads/${recent.id}`, { cookie: editor })).status).toBe(200);
    expect((await api(`/cms/uploads/${recent.id}`, { method: 'DELETE', cookie: editor })).status).toBe(200);
    expect(await storedState()).toEqual(before);
  });
});

describe('a file that passes', () => {
  it('joins the library with what its bytes are: PDF, captions, image size', async () => {
    expect(await uploaded(editor, 'Dispensa.pdf', 'application/pdf', pdfFile())).toMatchObject({ kind: 'document', type: 'application/pdf', uses: [] });
    expect(await uploaded(editor, 'Sottotitoli.it-IT.vtt', 'text/vtt', vttFile())).toMatchObject({ kind: 'captions', name: 'Sottotitoli.it-IT.vtt' });
    expect(await uploaded(editor, 'Copertina.png', 'image/png', png(1280, 720))).toMatchObject({ kind: 'image', width: 1280, height: 720 });
    const response = await upload(editor, 'Clip.webm', 'video/webm', webmFile(42));
    expect(response.status).toBe(200);
  });
});
