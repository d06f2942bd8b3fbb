/**
 * The demo's two SCORM packages, made for it: a SCORM 1.2 and a SCORM 2004 (4th edition) course
 * of three screens (an introduction, a question, the outcome) that keep where the learner is and
 * their answer in the runtime's location and suspend data, as authoring tools do, and ask with
 * `confirm()` whether to continue there (declined or unanswered, they start again).
 * scripts/demo-scorm.mjs zips them and the seed checks them (seed/areas/media.ts); the API and
 * browser tests use the same files.
 */
export interface DemoPackage {
  name: string;
  version: '1.2' | '2004';
  files: Record<string, string>;
}

const style = `body{font-family:system-ui,sans-serif;margin:0;padding:1rem;line-height:1.5;color:#1a1a1a;background:#fff}
section[hidden]{display:none}button{font:inherit;padding:.5rem 1rem;margin-top:1rem}fieldset{border:1px solid #666;padding:1rem}
label{display:block;padding:.25rem 0}.outcome{font-weight:bold}`;

/** The package's own script, as authoring tools write it: it finds the LMS's API in a parent window. */
const sco = `(function () {
  var version = document.documentElement.getAttribute('data-scorm');
  var name = version === '1.2' ? 'API' : 'API_1484_11';
  function findApi() {
    var w = window;
    for (var i = 0; i < 10 && w; i++) {
      try { if (w[name]) return w[name]; } catch (e) { return null; }
      if (w.parent === w) break;
      w = w.parent;
    }
    return null;
  }
  var api = findApi();
  var v12 = version === '1.2';
  var lms = {
    init: function () { return api && (v12 ? api.LMSInitialize('') : api.Initialize('')); },
    get: function (k) { return api ? String(v12 ? api.LMSGetValue(k) : api.GetValue(k)) : ''; },
    set: function (k, v) { return api && (v12 ? api.LMSSetValue(k, v) : api.SetValue(k, v)); },
    commit: function () { return api && (v12 ? api.LMSCommit('') : api.Commit('')); },
    finish: function () { return api && (v12 ? api.LMSFinish('') : api.Terminate('')); }
  };
  var key = v12
    ? { location: 'cmi.core.lesson_location', exit: 'cmi.core.exit' }
    : { location: 'cmi.location', exit: 'cmi.exit' };
  lms.init();
  var saved = {};
  try { saved = JSON.parse(lms.get('cmi.suspend_data') || '{}'); } catch (e) { saved = {}; }
  var last = lms.get(key.location);
  // As vendors' packages do: the learner is asked whether to continue where they left off.
  var resume = (last === 'question' || last === 'result') && window.confirm('Vuoi riprendere da dove eri rimasto?');
  if (!resume) saved = {};
  function show(screen) {
    document.querySelectorAll('section').forEach(function (s) { s.hidden = s.id !== screen; });
    lms.set(key.location, screen);
    lms.commit();
  }
  function remember() {
    lms.set('cmi.suspend_data', JSON.stringify(saved));
    lms.commit();
  }
  document.querySelectorAll('input[name=answer]').forEach(function (input) {
    if (saved.answer === input.value) input.checked = true;
    input.addEventListener('change', function () { saved.answer = input.value; remember(); });
  });
  document.getElementById('start').addEventListener('click', function () { show('question'); });
  document.getElementById('submit').addEventListener('click', function () {
    var right = saved.answer === 'b';
    var score = right ? 100 : 0;
    if (v12) {
      lms.set('cmi.core.score.min', '0');
      lms.set('cmi.core.score.max', '100');
      lms.set('cmi.core.score.raw', String(score));
      lms.set('cmi.core.lesson_status', right ? 'passed' : 'failed');
    } else {
      lms.set('cmi.score.min', '0');
      lms.set('cmi.score.max', '100');
      lms.set('cmi.score.raw', String(score));
      lms.set('cmi.score.scaled', right ? '1' : '0');
      lms.set('cmi.completion_status', 'completed');
      lms.set('cmi.success_status', right ? 'passed' : 'failed');
    }
    saved.done = true;
    document.getElementById('outcome').textContent = right ? 'Risposta corretta: 100 / 100.' : 'Risposta errata: riprova.';
    remember();
    show('result');
  });
  document.getElementById('again').addEventListener('click', function () { show('question'); });
  if (saved.done) document.getElementById('outcome').textContent = saved.answer === 'b' ? 'Risposta corretta: 100 / 100.' : 'Risposta errata: riprova.';
  show(resume ? last : 'intro');
  window.addEventListener('pagehide', function () { lms.set(key.exit, 'suspend'); lms.finish(); });
})();`;

const page = (version: '1.2' | '2004', title: string) => `<!DOCTYPE html>
<html lang="it" data-scorm="${version}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<link rel="stylesheet" href="style.css"></head>
<body>
<section id="intro"><h1>${title}</h1><p>Le mani sono il primo veicolo delle infezioni correlate all'assistenza.
Questo breve modulo ripassa quando lavarle o frizionarle.</p><p><a href="info.html" target="_blank">Fonti</a></p>
<button type="button" id="start">Inizia</button></section>
<section id="question" hidden><h1>Domanda</h1>
<fieldset><legend>Quanto deve durare la frizione alcolica delle mani?</legend>
<label><input type="radio" name="answer" value="a"> 5-10 secondi</label>
<label><input type="radio" name="answer" value="b"> 20-30 secondi</label>
<label><input type="radio" name="answer" value="c"> 2 minuti</label>
<label><input type="radio" name="answer" value="d"> Non serve se si usano i guanti</label>
</fieldset><button type="button" id="submit">Conferma la risposta</button></section>
<section id="result" hidden><h1>Esito</h1><p class="outcome" id="outcome"></p><button type="button" id="again">Rivedi la domanda</button></section>
<script>${sco}</script>
</body></html>
`;

const info = (title: string) => `<!DOCTYPE html>
<html lang="it"><head><meta charset="utf-8"><title>Fonti · ${title}</title><link rel="stylesheet" href="style.css"></head>
<body><h1>Fonti</h1><p>OMS, «WHO Guidelines on Hand Hygiene in Health Care», 2009.</p></body></html>
`;

const manifest12 = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="tiles-demo-scorm12" version="1"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org">
    <organization identifier="org">
      <title>Igiene delle mani (SCORM 1.2)</title>
      <item identifier="item1" identifierref="res1"><title>Igiene delle mani: ripasso e domanda</title></item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res1" type="webcontent" adlcp:scormtype="sco" href="index.html">
      <file href="index.html"/><file href="info.html"/><file href="style.css"/>
    </resource>
  </resources>
</manifest>
`;

const manifest2004 = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="tiles-demo-scorm2004" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org">
    <organization identifier="org">
      <title>Igiene delle mani (SCORM 2004)</title>
      <item identifier="item1" identifierref="res1"><title>Igiene delle mani: ripasso e domanda</title></item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res1" type="webcontent" adlcp:scormType="sco" href="index.html">
      <file href="index.html"/><file href="info.html"/><file href="style.css"/>
    </resource>
  </resources>
</manifest>
`;

export const DEMO_PACKAGES: DemoPackage[] = [
  {
    name: 'igiene-mani-scorm12.zip',
    version: '1.2',
    files: { 'imsmanifest.xml': manifest12, 'index.html': page('1.2', 'Igiene delle mani'), 'info.html': info('Igiene delle mani'), 'style.css': style },
  },
  {
    name: 'igiene-mani-scorm2004.zip',
    version: '2004',
    files: { 'imsmanifest.xml': manifest2004, 'index.html': page('2004', 'Igiene delle mani'), 'info.html': info('Igiene delle mani'), 'style.css': style },
  },
];

/** What zipping needs of fflate (a dev dependency, passed in so this module stays importable anywhere). */
export interface Zipper {
  strToU8(text: string): Uint8Array;
  zipSync(files: Record<string, Uint8Array | [Uint8Array, { mtime: Date }]>, options?: { mtime?: Date }): Uint8Array;
}

/** A package's zip, the same bytes every time (a fixed date on every entry). */
export const demoZip = (demo: DemoPackage, { strToU8, zipSync }: Zipper): Uint8Array =>
  zipSync(Object.fromEntries(Object.entries(demo.files).map(([name, text]) => [name, strToU8(text)])), { mtime: new Date('2026-01-01T00:00:00Z') });
