import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { acceptPackage } from '../../../functions/scorm/accept-package.ts';
import { entry, MANIFEST, soundEntries, unixMode, zerosBomb, zipOf } from '../../scorm-zips.ts';
import { EDITOR, seedFixtures, signIn } from '../fixtures.ts';
import { complete, objectKeys, putPart, refusal, startUpload, storedState, uploaded } from '../media/media-fixtures.ts';

let editor = '';

beforeAll(async () => {
  await seedFixtures();
  editor = await signIn(EDITOR);
});

/** A package uploaded in its parts and completed in `locale`: the refusal's sentence, and nothing of it left in D1 or R2. */
async function refused(bytes: Uint8Array, status: number, locale = 'it-IT'): Promise<string> {
  const before = await storedState();
  const started = await startUpload(editor, { name: 'pacchetto.zip', type: 'application/zip', size: bytes.length });
  for (let part = 1; part <= started.partCount; part++) {
    expect((await putPart(editor, started.id, part, bytes.slice((part - 1) * started.partSize, part * started.partSize))).status).toBe(200);
  }
  const text = await refusal(await complete(editor, started.id, locale), status);
  expect(await storedState()).toEqual(before);
  return text;
}

describe('SCORM package bounds', () => {
  it('refuse a symbolic link, in the editor\u2019s language', async () => {
    const link = zipOf([...soundEntries(), entry('media/passwd', '../../../../etc/passwd', { store: true, ...unixMode(0o120777) })]);
    expect(await refused(link, 422)).toBe(
      'Il pacchetto contiene «media/passwd», che non è né un file né una cartella (per esempio un collegamento simbolico): esporta il pacchetto con i soli file.',
    );
    expect(await refused(link, 422, 'en-US')).toBe(
      'The package contains "media/passwd", which is neither a file nor a folder (a symbolic link, for example): export the package with plain files only.',
    );
    expect(await refused(link, 422, 'de-DE')).toMatch(/^Das Paket enthält „media\/passwd“, das weder eine Datei noch ein Ordner ist/);
  });

  it('refuse a file named twice, and a file named as a folder', async () => {
    expect(await refused(zipOf([...soundEntries(), entry('index.html', '<p>altro</p>')]), 422)).toBe(
      'Il pacchetto contiene più volte «index.html» (due file con lo stesso nome, o un file e una cartella): esportalo di nuovo dallo strumento con cui è stato creato.',
    );
    expect(await refused(zipOf([...soundEntries(), entry('media', 'x'), entry('media/a.png', 'y')]), 422)).toMatch(/più volte «media»/);
  });

  it('refuse 1,100 files of 1 MiB of zeros by their total, and 500 of them by the whole ratio, before unpacking any', async () => {
    expect(await refused(zerosBomb(1_100), 413)).toBe('Estratto, il pacchetto supererebbe 1 GB: non viene accettato.');
    expect(await refused(zerosBomb(1_100), 413, 'en-US')).toBe('Unpacked, the package would exceed 1 GB: it is refused.');
    expect(await refused(zerosBomb(500), 422)).toMatch(
      /^Il pacchetto è compresso in modo anomalo: estratto sarebbe \d+ volte più grande dello zip \(al massimo 50\)\. Non viene accettato\.$/,
    );
  });

  it('refuse a central directory that lies about its sizes, while inflating, leaving nothing unpacked', async () => {
    // Four entries inflate at once: whichever of the lying ones is met first is named.
    expect(await refused(zerosBomb(1_024, true), 422)).toMatch(
      /^Il file «media\/zeros-\d+\.bin» del pacchetto non corrisponde a quanto dichiara l\u2019indice dello zip: il pacchetto è danneggiato o alterato e non viene accettato\.$/,
    );
    expect(await refused(zerosBomb(3, true), 422, 'de-DE')).toMatch(/^Die Datei „media\/zeros-\d\.bin“ im Paket entspricht nicht den Angaben/);
  });

  it('stop every unpacking stream at the first lie and delete what the others wrote', async () => {
    const pages = Array.from({ length: 40 }, (_, i) => entry(`pages/p${i}.html`, `<p>${'Pagina. '.repeat(2_000)}${i}</p>`));
    const liar = { ...entry('pages/liar.html', `<p>${'Bugia. '.repeat(50_000)}</p>`), size: 10_000 };
    const bytes = zipOf([...soundEntries(), ...pages.slice(0, 20), liar, ...pages.slice(20)]);
    await env.MEDIA.put('test/liar.zip', bytes);
    const outcome = await acceptPackage(env.MEDIA, 'test/liar.zip', bytes.length, 'pacchetto-bugiardo', 'u1');
    expect(outcome).toEqual({ ok: false, problem: 'entry-data', detail: 'pages/liar.html' });
    expect((await objectKeys()).filter((key) => key.startsWith('scorm/pacchetto-bugiardo/'))).toEqual([]);
    await env.MEDIA.delete('test/liar.zip');
  });

  it('take a package with Unix modes, folder entries and names that differ only by case', async () => {
    const files = [
      ...soundEntries().map((spec) => ({ ...spec, ...unixMode(0o100644) })),
      entry('media/', '', { store: true, ...unixMode(0o040755) }),
      entry('media/Logo.png', 'a', unixMode(0o100644)),
      entry('media/logo.png', 'b', unixMode(0o100644)),
    ];
    const item = await uploaded(editor, 'modi-unix.zip', 'application/zip', zipOf(files));
    const row = await env.DB.prepare('SELECT prefix, files FROM scorm_package WHERE media_key = ?').bind(item.key).first<{ prefix: string; files: number }>();
    expect(row?.files).toBe(4);
    expect(await (await env.MEDIA.get(`${row!.prefix}media/Logo.png`))?.text()).toBe('a');
    expect(await (await env.MEDIA.get(`${row!.prefix}media/logo.png`))?.text()).toBe('b');
    expect(MANIFEST).toContain('index.html');
  });

  it('tell a malformed manifest by its line, never by the parser\u2019s English', async () => {
    const broken = zipOf([entry('imsmanifest.xml', '<?xml version="1.0"?>\n<manifest>\n<organizations>\n</manifest>'), soundEntries()[1]!]);
    const text = await refused(broken, 422);
    expect(text).toMatch(/^Il file imsmanifest\.xml del pacchetto non è un XML valido \(errore alla riga \d+\): esportalo di nuovo/);
    expect(text).not.toMatch(/undefined|Expected|closing tag/i);
  });
});
