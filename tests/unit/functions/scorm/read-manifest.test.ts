import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { ScormManifest } from '../../../../core/scorm/manifest.ts';
import { parseManifest } from '../../../../functions/scorm/read-manifest.ts';

const manifest = (schemaversion: string, body: string) => `<?xml version="1.0"?>
<manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema>${schemaversion}</metadata>${body}</manifest>`;

const organizations = `<organizations default="b">
  <organization identifier="a"><title>Not the default</title><item identifier="x" identifierref="r1"><title>X</title></item></organization>
  <organization identifier="b"><title>Corso &amp; verifica</title>
    <item identifier="ch1"><title>Capitolo 1</title>
      <item identifier="i1" identifierref="r1" parameters="?lang=it"><title>Lezione</title></item>
      <item identifier="i2" identifierref="r2"><title>Verifica</title></item>
    </item>
  </organization>
</organizations>
<resources xml:base="content/">
  <resource identifier="r1" type="webcontent" adlcp:scormType="sco" href="lesson.html"/>
  <resource identifier="r2" type="webcontent" adlcp:scormType="sco" xml:base="quiz/" href="index.html"/>
</resources>`;

const files = new Set(['content/lesson.html', 'content/quiz/index.html']);

describe('parseManifest', () => {
  it("reads the default organization's items in order, nested ones flattened, with bases and parameters", () => {
    expect(parseManifest(manifest('<schemaversion>2004 3rd Edition</schemaversion>', organizations), files)).toEqual({
      version: '2004-3',
      title: 'Corso & verifica',
      items: [
        // 2004 without deliveryControls: the content need not report completion, the LMS sets it.
        { identifier: 'i1', title: 'Lezione', launch: 'content/lesson.html?lang=it', runtime: { completionByLms: true } },
        { identifier: 'i2', title: 'Verifica', launch: 'content/quiz/index.html', runtime: { completionByLms: true } },
      ],
      seconds: null,
    });
  });

  it("reads what Rustici's golf manifests hand each item's runtime: objectives, passing score, delivery controls, mastery score", () => {
    const golf = (dir: string) => readFileSync(new URL(`../../../fixtures/scorm-vendors/${dir}/imsmanifest.xml`, import.meta.url), 'utf8');
    const advanced = parseManifest(golf('golf-2004-runtime-advanced'), new Set(['shared/launchpage.html']));
    expect(advanced).toMatchObject({ version: '2004-3', title: 'Golf Explained - Run-time Advanced Calls' });
    expect((advanced as ScormManifest).items).toEqual([
      {
        identifier: 'item_1',
        title: 'Golf Explained',
        launch: 'shared/launchpage.html',
        runtime: { objectives: ['PRIMARYOBJ', 'obj_etiquette', 'obj_handicapping', 'obj_havingfun', 'obj_playing'], scaledPassingScore: '0.8' },
      },
    ]);
    const pages = ['Playing/Playing.html', 'Playing/Par.html', 'Playing/Scoring.html', 'Playing/OtherScoring.html', 'Playing/RulesOfGolf.html'];
    const multi = parseManifest(
      golf('golf-2004-multi-sco'),
      new Set([
        ...pages,
        'shared/assessmenttemplate.html',
        'Etiquette/Course.html',
        'Etiquette/Distracting.html',
        'Etiquette/Play.html',
        'Handicapping/Overview.html',
        'Handicapping/CalculatingHandicap.html',
        'Handicapping/CalculatingScore.html',
        'Handicapping/Example.html',
        'HavingFun/HowToHaveFun.html',
        'HavingFun/MakeFriends.html',
      ]),
    );
    expect((multi as ScormManifest).items).toHaveLength(18);
    expect((multi as ScormManifest).items[5]).toEqual({
      identifier: 'playing_quiz_item',
      title: 'Playing Golf Quiz',
      launch: 'shared/assessmenttemplate.html?questions=Playing',
      runtime: { completionByLms: true },
    });
    const mastery = golf('golf-12-runtime-basic').replace(
      '<title>Golf Explained</title>',
      '<title>Golf Explained</title><adlcp:masteryscore>80</adlcp:masteryscore>',
    );
    expect((parseManifest(mastery, new Set(['shared/launchpage.html'])) as ScormManifest).items[0]?.runtime).toEqual({ masteryScore: '80' });
  });

  it("takes how long the package says it takes: 2004's typicalLearningTime, else the 1.2 items' maxtimeallowed added up", () => {
    const lom = (duration: string) =>
      `<schemaversion>2004 4th Edition</schemaversion><lom xmlns="http://ltsc.ieee.org/xsd/LOM"><educational><typicalLearningTime><duration>${duration}</duration></typicalLearningTime></educational></lom>`;
    expect(parseManifest(manifest(lom('PT1H30M'), organizations), files)).toMatchObject({ version: '2004-4', seconds: 5400 });
    expect(parseManifest(manifest(lom('P1DT2H0M7.6S'), organizations), files)).toMatchObject({ seconds: 93_608 });
    expect(parseManifest(manifest(lom('soon'), organizations), files)).toMatchObject({ seconds: null });
    const allowed = organizations
      .replace('<title>Lezione</title>', '<title>Lezione</title><adlcp:maxtimeallowed>00:20:00</adlcp:maxtimeallowed>')
      .replace('<title>Verifica</title>', '<title>Verifica</title><adlcp:maxtimeallowed>0000:10:30.5</adlcp:maxtimeallowed>');
    expect(parseManifest(manifest('<schemaversion>1.2</schemaversion>', allowed), files)).toMatchObject({ version: '1.2', seconds: 1831 });
  });

  it('knows a 1.2 manifest without a schemaversion by its scormtype, and refuses other versions and missing launch files', () => {
    const v12 = manifest('', organizations.replaceAll('adlcp:scormType', 'adlcp:scormtype'));
    expect(parseManifest(v12, files)).toMatchObject({ version: '1.2' });
    expect(parseManifest(manifest('<schemaversion>CAM 1.3</schemaversion>', organizations), files)).toEqual({
      ok: false,
      problem: 'scorm-version',
      detail: 'CAM 1.3',
    });
    expect(parseManifest(manifest('<schemaversion>1.2</schemaversion>', organizations), new Set(['content/lesson.html']))).toEqual({
      ok: false,
      problem: 'launch-missing',
      detail: 'content/quiz/index.html',
    });
  });

  it('refuses XML that is not well formed and expands no entity of its own', () => {
    // The line only: the parser's English message and a column it may not know are no text for the editor.
    expect(parseManifest('<manifest><metadata></manifest>', files)).toEqual({ ok: false, problem: 'manifest-invalid', detail: '1' });
    expect(parseManifest('<?xml version="1.0"?>\n<manifest>\n  <organizations>\n</manifest>', files)).toEqual({
      ok: false,
      problem: 'manifest-invalid',
      detail: '4',
    });
    const bomb = `<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>${manifest(
      '<schemaversion>1.2</schemaversion>',
      organizations.replace('Corso &amp; verifica', '&b;'),
    ).replace('<?xml version="1.0"?>', '')}`;
    const read = parseManifest(bomb, files);
    expect(read).toMatchObject({ version: '1.2', title: '&b;' });
  });
});
