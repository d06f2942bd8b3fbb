import { env } from 'cloudflare:workers';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Assessment, AssessmentResult, EcmCourseSetup, EcmSettings } from '../../../core/contracts/ecm.ts';
import { call, EDITOR, LEARNER, outcome, seedFixtures, signIn, SITE } from '../fixtures.ts';
import { completeCourse, correctAnswers, ecmUser, FIXED_COURSE, fiscalCode, OPEN_EDITION, PAST_EDITION, seedEcm, VALID_CF } from './ecm-fixtures.ts';

/** The pharmacist's own codice fiscale (she is a Giulia Bianchi too: born on the 13th). */
const PHARMACIST_CF = fiscalCode('BNCGLI88C53F205');

beforeAll(async () => {
  await seedFixtures();
  await seedEcm();
});

const message = async (response: Response) => (await response.json<{ message: string }>()).message;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const EDITION = {
  startsOn: '2027-01-10',
  endsOn: '2027-06-30',
  hours: 6,
  credits: '7.5',
  objectiveId: 18,
  tipologia: 1,
  eventType: 'E',
  disciplines: ['003', '085'],
  recruits: [],
};
const put = (cookie: string, number: number, body: object, locale = 'it-IT') =>
  call(`/api/cms/ecm/${FIXED_COURSE}/editions/${number}`, { method: 'PUT', cookie, body, locale });

describe('editions set by staff', () => {
  it('lists the course editions with their report deadline, 90 days after the end', async () => {
    const editor = await signIn(EDITOR);
    expect((await call(`/api/cms/ecm/${FIXED_COURSE}/editions`, { cookie: await signIn(LEARNER) })).status).toBe(403);
    const setup = await outcome<EcmCourseSetup>(await call(`/api/cms/ecm/${FIXED_COURSE}/editions`, { cookie: editor }));
    expect(setup.event).toEqual({ eventId: '1234-5678', mode: 'fixed' });
    expect(setup.editions.map((e) => [e.number, e.startsOn, e.endsOn, e.reportState])).toEqual([
      [1, PAST_EDITION.startsOn, PAST_EDITION.endsOn, 'late'],
      [2, OPEN_EDITION.startsOn, OPEN_EDITION.endsOn, 'open'],
    ]);
    const deadline = new Date(Date.parse(`${PAST_EDITION.endsOn}T12:00:00Z`) + 90 * 86_400_000).toISOString().slice(0, 10);
    expect(setup.editions[0]).toMatchObject({ reportDeadline: deadline, credits: '6.0', disciplines: ['003'] });
    // Its deadline passed 10 days ago; taking the registry report of the ended edition stops the reminder.
    expect((await call(`/api/cms/ecm/${FIXED_COURSE}/participants.xml?edition=1`, { cookie: editor })).status).toBe(200);
    const after = await outcome<EcmCourseSetup>(await call(`/api/cms/ecm/${FIXED_COURSE}/editions`, { cookie: editor }));
    expect(after.editions[0]?.reportState).toBe('sent');
  });

  it('saves an edition with its disciplines and the participants a sponsor recruited', async () => {
    const editor = await signIn(EDITOR);
    // Every discipline of the registry at once: more codes than D1 binds in one statement.
    const all = (await env.DB.prepare('SELECT id FROM ecm_discipline').all<{ id: string }>()).results.map((row) => row.id);
    expect(all).toHaveLength(102);
    const every = await outcome<EcmCourseSetup>(await put(editor, 3, { ...EDITION, disciplines: all }));
    expect(every.editions.find((e) => e.number === 3)?.disciplines).toHaveLength(102);
    expect((await put(await signIn(LEARNER), 3, EDITION)).status).toBe(403);
    const saved = await outcome<EcmCourseSetup>(
      await put(editor, 3, { ...EDITION, recruits: [{ fiscalCode: VALID_CF.toLowerCase(), sponsor: 'Farmàco Spa' }] }),
    );
    expect(saved.editions.find((e) => e.number === 3)).toMatchObject({
      startsOn: '2027-01-10',
      endsOn: '2027-06-30',
      credits: '7.5',
      disciplines: ['003', '085'],
      recruits: [{ fiscalCode: VALID_CF, sponsor: 'Farmàco Spa' }],
      reportDeadline: '2027-09-28',
      reportState: 'open',
    });
  });

  it('refuses bad dates, an edition over 365 days, one crossing the triennium, and overlapping editions, writing nothing', async () => {
    const editor = await signIn(EDITOR);
    const cases: [object, number, string][] = [
      [{ startsOn: '2027-02-30' }, 400, 'La data «2027-02-30» non è un giorno del calendario (AAAA-MM-GG).'],
      [{ startsOn: '2027-07-01', endsOn: '2027-06-30' }, 400, 'La data di fine viene prima della data di inizio.'],
      [{ startsOn: '2027-01-01', endsOn: '2028-01-01' }, 400, 'Un’edizione dura al massimo 365 giorni: questa ne dura 366.'],
      [{ startsOn: '2028-10-01', endsOn: '2029-02-01' }, 400, 'Un’edizione inizia e finisce nello stesso triennio ECM (2026–2028).'],
      [{ startsOn: day(-5), endsOn: day(60) }, 409, `Le date si sovrappongono all’edizione 2 (${OPEN_EDITION.startsOn} – ${OPEN_EDITION.endsOn}).`],
    ];
    for (const [change, status, text] of cases) {
      const response = await put(editor, 4, { ...EDITION, ...change });
      expect(response.status, JSON.stringify(change)).toBe(status);
      expect(await message(response)).toBe(text);
    }
    // 365 days exactly is allowed.
    expect((await put(editor, 4, { ...EDITION, startsOn: '2028-01-01', endsOn: '2028-12-30' })).status).toBe(200);
    const english = await put(editor, 5, { ...EDITION, startsOn: '2025-12-01', endsOn: '2026-01-31' }, 'en-US');
    expect(await message(english)).toBe('An edition starts and ends in the same ECM triennium (2023–2025).');
    const rows = await env.DB.prepare("SELECT number FROM ecm_edition WHERE course_id = 'triage' ORDER BY number").all<{ number: number }>();
    expect(rows.results.map((row) => row.number)).toEqual([1, 2, 3, 4]);
  });

  it('refuses credits outside the registry pattern, unknown objectives and disciplines, and a bad recruit', async () => {
    const editor = await signIn(EDITOR);
    for (const credits of ['8', '8.25', '8,5', '50.1', '0.0', '123.0']) {
      const response = await put(editor, 6, { ...EDITION, credits });
      expect(response.status, credits).toBe(400);
      expect(await message(response)).toContain(`«${credits}» non va bene`);
    }
    // 50.0 is the most an edition can give.
    expect((await put(editor, 7, { ...EDITION, startsOn: '2026-01-01', endsOn: '2026-01-02', credits: '50.0' })).status).toBe(200);
    expect(await message(await put(editor, 6, { ...EDITION, objectiveId: 77 }))).toBe('Obiettivo formativo sconosciuto: 77');
    expect(await message(await put(editor, 6, { ...EDITION, disciplines: ['003', '999'] }))).toBe('Discipline sconosciute: 999');
    expect((await put(editor, 6, { ...EDITION, disciplines: ['cardiologia'] })).status).toBe(400);
    expect((await put(editor, 6, { ...EDITION, tipologia: 12 })).status).toBe(400);
    const recruit = await put(editor, 6, { ...EDITION, recruits: [{ fiscalCode: 'BNCGLI88C52F205Y', sponsor: 'X' }] });
    expect(await message(recruit)).toBe('Il codice fiscale del partecipante reclutato «BNCGLI88C52F205Y» non è valido.');
    expect(await env.DB.prepare("SELECT 1 FROM ecm_edition WHERE course_id = 'triage' AND number = 6").first()).toBeNull();
  });

  it('needs the course event first: a new course with credits gets it on the ECM screen', async () => {
    const editor = await signIn(EDITOR);
    await env.DB.prepare("INSERT INTO course (id, site_id, category_id, ecm_credits, position) VALUES ('nuovo-ecm', ?, 'cat-rischio', 2, 9)").bind(SITE).run();
    const without = await call('/api/cms/ecm/nuovo-ecm/editions/1', { method: 'PUT', cookie: editor, body: EDITION });
    expect(without.status).toBe(409);
    expect((await outcome<EcmCourseSetup>(await call('/api/cms/ecm/nuovo-ecm/editions', { cookie: editor }))).event).toBeNull();
    expect((await call('/api/cms/ecm/nuovo-ecm/event', { method: 'PUT', cookie: editor, body: { eventId: 'bad id!', mode: 'fixed' } })).status).toBe(400);
    const event = await outcome<EcmCourseSetup>(
      await call('/api/cms/ecm/nuovo-ecm/event', { method: 'PUT', cookie: editor, body: { eventId: '1234-7777', mode: 'fixed' } }),
    );
    expect(event.event).toEqual({ eventId: '1234-7777', mode: 'fixed' });
    expect((await call('/api/cms/ecm/nuovo-ecm/editions/1', { method: 'PUT', cookie: editor, body: EDITION })).status).toBe(200);
    expect((await call('/api/cms/ecm/no-ecm/editions', { cookie: editor })).status).toBe(404);
  });
});

describe('the provider on the ECM screen', () => {
  const SETTINGS = { providerId: '1234', providerName: 'Tiles Formazione', accreditationCode: '050', legalRepresentative: 'Maria Colombo', minTimeShare: null };
  // A whole 1×1 PNG: the certificate embeds the signature, so a header alone is refused.
  const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
  const HEADER_ONLY = btoa(String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0));

  it('saves the provider, its accreditation code and the signature image, and lists the 38 national objectives', async () => {
    const editor = await signIn(EDITOR);
    expect((await call('/api/cms/ecm/settings', { method: 'PUT', cookie: await signIn(LEARNER), body: { ...SETTINGS, signature: null } })).status).toBe(403);
    expect(
      (await call('/api/cms/ecm/settings', { method: 'PUT', cookie: editor, body: { ...SETTINGS, accreditationCode: '50', signature: null } })).status,
    ).toBe(400);
    const notImage = await call('/api/cms/ecm/settings', {
      method: 'PUT',
      cookie: editor,
      body: { ...SETTINGS, signature: { type: 'image/png', base64: btoa('GIF89a') } },
    });
    expect(notImage.status).toBe(400);
    expect(await message(notImage)).toBe('La firma deve essere un’immagine PNG o JPEG di al massimo 200 KB.');
    const broken = await call('/api/cms/ecm/settings', {
      method: 'PUT',
      cookie: editor,
      body: { ...SETTINGS, signature: { type: 'image/png', base64: HEADER_ONLY } },
    });
    expect(broken.status).toBe(400);
    const saved = await outcome<EcmSettings>(
      await call('/api/cms/ecm/settings', { method: 'PUT', cookie: editor, body: { ...SETTINGS, signature: { type: 'image/png', base64: PNG } } }),
    );
    expect(saved).toMatchObject({ ...SETTINGS, configured: true, hasSignature: true });
    expect(saved.objectives).toHaveLength(38);
    expect(saved.objectives[17]).toMatchObject({ id: 18 });
    // Saving without a new signature keeps the one stored.
    const kept = await outcome<EcmSettings>(
      await call('/api/cms/ecm/settings', { method: 'PUT', cookie: editor, body: { ...SETTINGS, minTimeShare: 0.8, signature: null } }),
    );
    expect(kept).toMatchObject({ hasSignature: true, minTimeShare: 0.8 });
    await call('/api/cms/ecm/settings', { method: 'PUT', cookie: editor, body: { ...SETTINGS, accreditationCode: '000', signature: null } });
  });

  it('takes a signature up to 200 KB, as its label says, and refuses a larger one with 413 naming the limit', async () => {
    const editor = await signIn(EDITOR);
    const put = async (base64: string, locale = 'it-IT') =>
      call('/api/cms/ecm/settings', {
        method: 'PUT',
        cookie: editor,
        locale,
        body: { ...SETTINGS, accreditationCode: '000', signature: { type: 'image/png', base64 } },
      });
    // About 96 KB: over the 64 KiB a JSON body may have by default, within the signature's limit.
    const within = await put(await noisyPng(200, 160));
    expect(within.status, await within.clone().text()).toBe(200);
    // About 216 KB.
    const over = await put(await noisyPng(300, 240));
    expect(over.status).toBe(413);
    expect(await message(over)).toBe('Il file supera il limite di 200 kB: scegline uno più piccolo.');
    const english = await put(await noisyPng(300, 240), 'en-US');
    expect(await message(english)).toBe('The file is over the 200 kB limit: choose a smaller one.');
    expect((await put(PNG)).status).toBe(200);
  });
});

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Uint8Array) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** A PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** A whole RGB PNG of random pixels (they do not compress: about width × height × 3 bytes), as base64. */
async function noisyPng(width: number, height: number): Promise<string> {
  const raw = new Uint8Array((width * 3 + 1) * height);
  for (let i = 0; i < raw.length; i += 65_536) crypto.getRandomValues(raw.subarray(i, Math.min(i + 65_536, raw.length)));
  for (let y = 0; y < height; y++) raw[y * (width * 3 + 1)] = 0;
  const idat = new Uint8Array(await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream('deflate'))).arrayBuffer());
  const header = new Uint8Array(13);
  new DataView(header.buffer).setUint32(0, width);
  new DataView(header.buffer).setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', idat),
    pngChunk('IEND', new Uint8Array()),
  ];
  const png = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    png.set(part, offset);
    offset += part.length;
  }
  let binary = '';
  for (let i = 0; i < png.length; i += 0x8000) binary += String.fromCharCode(...png.subarray(i, i + 0x8000));
  return btoa(binary);
}

describe('the assessment runs inside an edition', () => {
  it('is refused when no edition is open today, and reports the learner in the edition they passed in', async () => {
    const user = ecmUser(3);
    await completeCourse(user.id, FIXED_COURSE);
    const cookie = await signIn(user);
    await env.DB.prepare("UPDATE ecm_edition SET ends_on = ? WHERE course_id = 'triage' AND number = 2").bind(day(-1)).run();
    try {
      const closed = await call(`/api/lms/course/${FIXED_COURSE}/assessment`, { cookie, locale: 'en-US' });
      expect(closed.status).toBe(409);
      expect(await message(closed)).toBe('No edition of this course is open today: the assessment can be taken only during an edition.');
      expect(await env.DB.prepare('SELECT 1 FROM ecm_attempt WHERE user_id = ?').bind(user.id).first()).toBeNull();
    } finally {
      await env.DB.prepare("UPDATE ecm_edition SET ends_on = ? WHERE course_id = 'triage' AND number = 2").bind(OPEN_EDITION.endsOn).run();
    }
    const attempt = await outcome<Assessment>(await call(`/api/lms/course/${FIXED_COURSE}/assessment`, { cookie }));
    // The edition closes while the learner is answering: the submission is refused too.
    await env.DB.prepare("UPDATE ecm_edition SET ends_on = ? WHERE course_id = 'triage' AND number = 2").bind(day(-1)).run();
    try {
      const late = await call(`/api/lms/course/${FIXED_COURSE}/assessment/${attempt.attemptId}/submit`, {
        method: 'POST',
        cookie,
        body: { answers: await correctAnswers(attempt.attemptId) },
      });
      expect(late.status).toBe(409);
    } finally {
      await env.DB.prepare("UPDATE ecm_edition SET ends_on = ? WHERE course_id = 'triage' AND number = 2").bind(OPEN_EDITION.endsOn).run();
    }
    const passed = await outcome<AssessmentResult>(
      await call(`/api/lms/course/${FIXED_COURSE}/assessment/${attempt.attemptId}/submit`, {
        method: 'POST',
        cookie,
        body: { answers: await correctAnswers(attempt.attemptId) },
      }),
    );
    expect(passed.passed).toBe(true);
    expect(await env.DB.prepare('SELECT edition FROM ecm_attempt WHERE id = ?').bind(attempt.attemptId).first('edition')).toBe(2);
  });

  it('gives a learner of a discipline the edition is not accredited for a certificate of participation, not reported', async () => {
    const user = ecmUser(4);
    await completeCourse(user.id, FIXED_COURSE);
    const cookie = await signIn(user);
    const attempt = await outcome<Assessment>(await call(`/api/lms/course/${FIXED_COURSE}/assessment`, { cookie }));
    await call(`/api/lms/course/${FIXED_COURSE}/assessment/${attempt.attemptId}/submit`, {
      method: 'POST',
      cookie,
      body: { answers: await correctAnswers(attempt.attemptId) },
    });
    // A pharmacist (03 / 066): edition 2 is accredited for cardiology and nursing only.
    await call('/api/lms/ecm/profile', {
      method: 'PUT',
      cookie,
      body: { fiscalCode: PHARMACIST_CF, professionId: '03', disciplineId: '066', employment: 'L' },
    });
    await call(`/api/lms/course/${FIXED_COURSE}/satisfaction`, {
      method: 'POST',
      cookie,
      body: { relevance: 5, quality: 4, usefulness: 4, timeAdequacy: 3, commercialInfluence: 4, comment: '' },
    });
    const certificate = await outcome<{ credits: number; code: string }>(await call(`/api/lms/course/${FIXED_COURSE}/certificate`, { method: 'POST', cookie }));
    expect(certificate.credits).toBe(0);
    // The PDF says why there are no credits, and carries the legal representative's signature image.
    const pdf = new Uint8Array(await (await call(`/api/lms/certificates/${certificate.code}.pdf`, { cookie })).arrayBuffer());
    // Read before pdf.js takes the buffer over.
    const raw = new TextDecoder('latin1').decode(pdf);
    const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
    expect(text).toContain('non sono tra quelle accreditate per l');
    expect(text).not.toContain('ha conseguito');
    expect(raw).toContain('/Subtype /Image');
    const editor = await signIn(EDITOR);
    const report = new TextDecoder('latin1').decode(
      await (await call(`/api/cms/ecm/${FIXED_COURSE}/participants.xml?edition=2`, { cookie: editor })).arrayBuffer(),
    );
    expect(report).not.toContain(PHARMACIST_CF);
  });
});
