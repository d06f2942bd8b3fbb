import { env, exports } from 'cloudflare:workers';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PACKAGES } from '../../../seed/scorm/demo-packages.ts';
import { EDITOR, LEARNER, seedFixtures, signIn } from '../fixtures.ts';
import { api, objectKeys, refusal, storedState, upload, uploaded } from '../media/media-fixtures.ts';

let editor = '';

beforeAll(async () => {
  await seedFixtures();
  editor = await signIn(EDITOR);
});

const zip = (files: Record<string, string | Uint8Array>): Uint8Array =>
  zipSync(Object.fromEntries(Object.entries(files).map(([name, content]) => [name, typeof content === 'string' ? strToU8(content) : content])) as Zippable);

const demo = (version: '1.2' | '2004') => DEMO_PACKAGES.find((entry) => entry.version === version)!;

/** A package refused: its message, and nothing of it left in D1 or R2. */
async function refused(bytes: Uint8Array, status: number): Promise<string> {
  const before = await storedState();
  const started = await upload(editor, 'pacchetto.zip', 'application/zip', bytes);
  const text = await refusal(started, status);
  expect(await storedState()).toEqual(before);
  return text;
}

describe('SCORM packages', () => {
  it('take a sound SCORM 1.2 and 2004 package, unpacked file by file under their own prefix with the manifest read', async () => {
    for (const version of ['1.2', '2004'] as const) {
      const item = await uploaded(editor, `demo-${version}.zip`, 'application/zip', zip(demo(version).files));
      // The manifest's title comes back with the file, for the editor to take as the session's.
      expect(item).toMatchObject({ kind: 'package', type: 'application/zip', packageTitle: `Igiene delle mani (SCORM ${version})` });
      const row = await env.DB.prepare('SELECT version, prefix, launch, title, items, files FROM scorm_package WHERE media_key = ?')
        .bind(item.key)
        .first<{ version: string; prefix: string; launch: string; title: string; items: string; files: number }>();
      expect(row).toMatchObject({ version: version === '1.2' ? '1.2' : '2004-4', launch: 'index.html', files: 4 });
      expect(row?.title).toBe(`Igiene delle mani (SCORM ${version})`);
      // A 2004 item whose manifest says nothing of delivery controls: the LMS may complete it as its attempt ends.
      expect(JSON.parse(row?.items ?? '[]')).toEqual([
        {
          identifier: 'item1',
          title: 'Igiene delle mani: ripasso e domanda',
          launch: 'index.html',
          ...(version === '2004' ? { runtime: { completionByLms: true } } : {}),
        },
      ]);
      const unpacked = (await objectKeys()).filter((key) => key.startsWith(row?.prefix ?? '-'));
      expect(unpacked.map((key) => key.slice(row!.prefix.length))).toEqual(['imsmanifest.xml', 'index.html', 'info.html', 'style.css']);
      const page = await env.MEDIA.get(`${row!.prefix}index.html`);
      expect(page?.httpMetadata?.contentType).toBe('text/html; charset=utf-8');
      expect(await page?.text()).toBe(demo(version).files['index.html']);
    }
  });

  it("keep how long a package says it takes as its duration, for the editor to take as the session's", async () => {
    const files = { ...demo('2004').files };
    files['imsmanifest.xml'] = files['imsmanifest.xml']!.replace(
      '</schemaversion>',
      '</schemaversion><lom xmlns="http://ltsc.ieee.org/xsd/LOM"><educational><typicalLearningTime><duration>PT25M</duration></typicalLearningTime></educational></lom>',
    );
    const item = await uploaded(editor, 'tempo-tipico.zip', 'application/zip', zip(files));
    expect(item).toMatchObject({ kind: 'package', durationSeconds: 1500 });
    // A package that says nothing has no duration.
    expect(await uploaded(editor, 'senza-tempo.zip', 'application/zip', zip(demo('1.2').files))).toMatchObject({ durationSeconds: null });
  });

  it('refuse a zip without a manifest, a malformed manifest, an unknown version and a launch file that is missing', async () => {
    const files = demo('1.2').files;
    expect(await refused(zip({ 'index.html': files['index.html']! }), 422)).toBe('Nel pacchetto manca imsmanifest.xml nella radice: non è un pacchetto SCORM.');
    expect(await refused(zip({ ...files, 'imsmanifest.xml': '<manifest><organizations></manifest>' }), 422)).toMatch(
      /^Il file imsmanifest.xml del pacchetto non è un XML valido \(errore alla riga 1\): esportalo di nuovo dallo strumento con cui è stato creato\.$/,
    );
    expect(await refused(zip({ ...files, 'imsmanifest.xml': files['imsmanifest.xml']!.replace('<schemaversion>1.2', '<schemaversion>CAM 1.3') }), 422)).toBe(
      'Versione SCORM non supportata (CAM 1.3): sono accettati SCORM 1.2 e SCORM 2004 3ª o 4ª edizione.',
    );
    const { ['index.html']: _launch, ...withoutLaunch } = files;
    expect(await refused(zip(withoutLaunch), 422)).toBe('Il manifest indica come file da avviare «index.html», che nel pacchetto non c’è.');
    expect(await refused(strToU8('PK\u0003\u0004 not really a zip at all'), 422)).toMatch(/^Il file non è un archivio zip leggibile/);
  });

  it('refuse a path leaving the package, in the manifest or among the files', async () => {
    const files = demo('2004').files;
    expect(await refused(zip({ ...files, '../escape.html': '<p>x</p>' }), 422)).toBe(
      'Il pacchetto contiene un percorso non ammesso: «../escape.html». I file devono stare dentro il pacchetto, senza «..» né percorsi assoluti.',
    );
    const manifest = files['imsmanifest.xml']!.replace('href="index.html">', 'href="../../index.html">');
    expect(await refused(zip({ ...files, 'imsmanifest.xml': manifest }), 422)).toMatch(/percorso non ammesso: «\.\.\/\.\.\/index\.html»/);
  });

  it('refuse a zip bomb by its compression ratio, in the editor\u2019s language', async () => {
    const bomb = zip({ ...demo('1.2').files, 'media/zeros.bin': new Uint8Array(20 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(100_000);
    const before = await storedState();
    const response = await upload(editor, 'bomba.zip', 'application/zip', bomb);
    expect(response.status).toBe(422);
    const body = (await response.json()) as { message: string };
    expect(body.message).toBe('Il file «media/zeros.bin» del pacchetto è compresso in modo anomalo (oltre 200 volte): il pacchetto non viene accettato.');
    expect(await storedState()).toEqual(before);
  });

  it('replace a package in place: the new files take over, the old ones go, the address stays', async () => {
    const first = await uploaded(editor, 'da-sostituire.zip', 'application/zip', zip(demo('1.2').files));
    const old = await env.DB.prepare('SELECT prefix FROM scorm_package WHERE media_key = ?').bind(first.key).first<{ prefix: string }>();
    const changed = { ...demo('1.2').files, 'index.html': demo('1.2').files['index.html']!.replace('Domanda', 'Domanda nuova') };
    const replaced = await uploaded(editor, 'da-sostituire.zip', 'application/zip', zip(changed), first.key);
    expect(replaced.key).toBe(first.key);
    const now = await env.DB.prepare('SELECT prefix FROM scorm_package WHERE media_key = ?').bind(first.key).first<{ prefix: string }>();
    expect(now?.prefix).not.toBe(old?.prefix);
    const keys = await objectKeys();
    expect(keys.filter((key) => key.startsWith(old!.prefix))).toEqual([]);
    expect(await (await env.MEDIA.get(`${now!.prefix}index.html`))?.text()).toContain('Domanda nuova');

    // Deleted from the library (nothing uses it), its unpacked files and row go too.
    expect((await api(`/cms/media/${first.key}`, { method: 'DELETE', cookie: editor })).status).toBe(200);
    expect((await objectKeys()).filter((key) => key.startsWith(`scorm/${first.key}/`))).toEqual([]);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM scorm_package WHERE media_key = ?').bind(first.key).first('n')).toBe(0);
  });

  it('is not for learners to upload', async () => {
    const learner = await signIn(LEARNER);
    const response = await exports.default.fetch('http://localhost/api/cms/uploads', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: learner, 'tiles-site-id': 'not-set', 'tiles-locale-code': 'it-IT' },
      body: JSON.stringify({ name: 'x.zip', type: 'application/zip', size: 10 }),
    });
    expect(response.status).toBe(403);
  });
});
