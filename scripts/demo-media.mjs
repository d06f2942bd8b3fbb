// Makes the demo's course media in seed/media/ and points the sessions of seed/content/courses.json
// at them. Run by hand, once: the files are committed, so `npm install && npm start` needs neither
// this script nor ffmpeg.
//   node scripts/demo-media.mjs            the PDFs of the document sessions (pdf-lib) and the captions
//   node scripts/demo-media.mjs --videos   also the video lessons and their posters (needs ffmpeg)
// Each video session gets a clip (no two alike in a course) with its captions in every locale and
// its poster, and declares the clip's true length; each document session gets a PDF of its own.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

const MEDIA_DIR = 'seed/media';
const COURSES = 'seed/content/courses.json';
const LOCALES = ['it-IT', 'en-US', 'de-DE'];
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const FONT_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const WIDTH = 640;
const HEIGHT = 360;
const FPS = 25;

/** The clips: scenes of a few seconds, each a slide with a title and a line, captioned in every locale. */
const CLIPS = [
  {
    name: 'lezione-introduzione',
    container: 'webm',
    scenes: [
      {
        seconds: 8,
        color: '0x1d4e89',
        text: {
          'it-IT': ['Introduzione', 'Di che cosa parla questa lezione'],
          'en-US': ['Introduction', 'What this lesson is about'],
          'de-DE': ['Einführung', 'Worum es in dieser Lektion geht'],
        },
      },
      {
        seconds: 8,
        color: '0x2a7f62',
        text: {
          'it-IT': ['Obiettivi', 'Che cosa saprai fare alla fine'],
          'en-US': ['Objectives', 'What you will be able to do at the end'],
          'de-DE': ['Lernziele', 'Was Sie am Ende können'],
        },
      },
      {
        seconds: 8,
        color: '0x5b2a86',
        text: {
          'it-IT': ['Contesto', 'Perché conta nel lavoro di reparto'],
          'en-US': ['Context', 'Why it matters on the ward'],
          'de-DE': ['Kontext', 'Warum es auf der Station zählt'],
        },
      },
    ],
  },
  {
    name: 'lezione-procedura',
    container: 'mp4',
    scenes: [
      {
        seconds: 9,
        color: '0x8a3b12',
        text: {
          'it-IT': ['Passo 1', 'Prepara il materiale e l’ambiente'],
          'en-US': ['Step 1', 'Prepare the equipment and the setting'],
          'de-DE': ['Schritt 1', 'Material und Umgebung vorbereiten'],
        },
      },
      {
        seconds: 9,
        color: '0x1d4e89',
        text: {
          'it-IT': ['Passo 2', 'Informa il paziente e verifica l’identità'],
          'en-US': ['Step 2', 'Inform the patient and check identity'],
          'de-DE': ['Schritt 2', 'Patient informieren, Identität prüfen'],
        },
      },
      {
        seconds: 9,
        color: '0x2a7f62',
        text: {
          'it-IT': ['Passo 3', 'Esegui la procedura secondo protocollo'],
          'en-US': ['Step 3', 'Carry out the procedure by the protocol'],
          'de-DE': ['Schritt 3', 'Nach Protokoll durchführen'],
        },
      },
      {
        seconds: 9,
        color: '0x5b2a86',
        text: {
          'it-IT': ['Passo 4', 'Documenta e riordina'],
          'en-US': ['Step 4', 'Record it and tidy up'],
          'de-DE': ['Schritt 4', 'Dokumentieren und aufräumen'],
        },
      },
    ],
  },
  {
    name: 'lezione-caso-clinico',
    container: 'webm',
    scenes: [
      {
        seconds: 10,
        color: '0x0f5e6e',
        text: {
          'it-IT': ['Caso clinico', 'Un paziente di 78 anni in reparto'],
          'en-US': ['Case study', 'A 78-year-old patient on the ward'],
          'de-DE': ['Fallbeispiel', 'Ein 78-jähriger Patient auf Station'],
        },
      },
      {
        seconds: 10,
        color: '0x8a3b12',
        text: {
          'it-IT': ['Che cosa osservi?', 'Parametri, comportamento, ambiente'],
          'en-US': ['What do you notice?', 'Vital signs, behaviour, setting'],
          'de-DE': ['Was fällt Ihnen auf?', 'Vitalwerte, Verhalten, Umgebung'],
        },
      },
      {
        seconds: 10,
        color: '0x1d4e89',
        text: {
          'it-IT': ['Che cosa fai?', 'Priorità e comunicazione in équipe'],
          'en-US': ['What do you do?', 'Priorities and team communication'],
          'de-DE': ['Was tun Sie?', 'Prioritäten und Kommunikation im Team'],
        },
      },
      {
        seconds: 10,
        color: '0x2a7f62',
        text: {
          'it-IT': ['Com’è andata', 'L’esito e che cosa impariamo'],
          'en-US': ['How it went', 'The outcome and what we learn'],
          'de-DE': ['Wie es ausging', 'Der Ausgang und was wir lernen'],
        },
      },
      {
        seconds: 8,
        color: '0x5b2a86',
        text: {
          'it-IT': ['Da ricordare', 'Osserva, decidi, comunica'],
          'en-US': ['To remember', 'Observe, decide, communicate'],
          'de-DE': ['Merken Sie sich', 'Beobachten, entscheiden, kommunizieren'],
        },
      },
    ],
  },
  {
    name: 'lezione-sintesi',
    container: 'mp4',
    scenes: [
      {
        seconds: 10,
        color: '0x2a7f62',
        text: {
          'it-IT': ['In sintesi', 'I tre punti chiave della lezione'],
          'en-US': ['Summary', 'The three key points of the lesson'],
          'de-DE': ['Zusammenfassung', 'Die drei Kernpunkte der Lektion'],
        },
      },
      {
        seconds: 10,
        color: '0x0f5e6e',
        text: {
          'it-IT': ['Verifica', 'Rispondi alle domande prima di proseguire'],
          'en-US': ['Check', 'Answer the questions before you go on'],
          'de-DE': ['Überprüfung', 'Beantworten Sie die Fragen, bevor Sie weitergehen'],
        },
      },
      {
        seconds: 10,
        color: '0x8a3b12',
        text: {
          'it-IT': ['Per approfondire', 'Trovi i documenti nelle sessioni del corso'],
          'en-US': ['Further reading', 'The documents are in the course sessions'],
          'de-DE': ['Zur Vertiefung', 'Die Dokumente finden Sie in den Einheiten'],
        },
      },
    ],
  },
];

const clipSeconds = (clip) => clip.scenes.reduce((sum, scene) => sum + scene.seconds, 0);
const clipAddress = (clip) => `/media/${clip.name}.${clip.container}`;

/** `h m s` as the sessions declare durations. */
const declared = (seconds) => `${Math.floor(seconds / 3600)}h ${Math.floor((seconds % 3600) / 60)}m ${seconds % 60}s`;

const timestamp = (seconds) => `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}.000`;

function captions(clip, locale) {
  const cues = [];
  let start = 0;
  for (const [index, scene] of clip.scenes.entries()) {
    const [title, line] = scene.text[locale];
    cues.push(`${index + 1}\n${timestamp(start)} --> ${timestamp(start + scene.seconds)}\n${title}: ${line}\n`);
    start += scene.seconds;
  }
  return `WEBVTT\n\n${cues.join('\n')}`;
}

function makeVideo(clip, work) {
  const total = clipSeconds(clip);
  const inputs = [];
  const filters = [];
  for (const [index, scene] of clip.scenes.entries()) {
    const [title, line] = scene.text['it-IT'];
    writeFileSync(join(work, `title-${index}.txt`), title);
    writeFileSync(join(work, `line-${index}.txt`), line);
    inputs.push('-f', 'lavfi', '-i', `color=c=${scene.color}:s=${WIDTH}x${HEIGHT}:d=${scene.seconds}:r=${FPS}`);
    filters.push(
      `[${index}:v]drawtext=fontfile=${FONT_BOLD}:textfile=${join(work, `title-${index}.txt`)}:fontcolor=white:fontsize=44:x=(w-text_w)/2:y=h/2-60,` +
        `drawtext=fontfile=${FONT}:textfile=${join(work, `line-${index}.txt`)}:fontcolor=white:fontsize=24:x=(w-text_w)/2:y=h/2+10[s${index}]`,
    );
  }
  const scenes = clip.scenes.map((_, index) => `[s${index}]`).join('');
  // A bar that fills as the clip plays and a running clock: seeking shows at once where one is.
  inputs.push('-f', 'lavfi', '-i', `color=c=white:s=${WIDTH}x6:d=${total}:r=${FPS}`);
  filters.push(`${scenes}concat=n=${clip.scenes.length}:v=1:a=0[joined]`);
  filters.push(`[joined][${clip.scenes.length}:v]overlay=x='-w+W*t/${total}':y=H-6:eval=frame[barred]`);
  filters.push(`[barred]drawtext=fontfile=${FONT}:text='%{pts\\:gmtime\\:0\\:%M\\\\\\:%S}':fontcolor=white:fontsize=18:x=w-text_w-12:y=12[out]`);
  const codec =
    clip.container === 'webm'
      ? ['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '42', '-deadline', 'good', '-cpu-used', '2', '-row-mt', '1']
      : ['-c:v', 'libx264', '-profile:v', 'main', '-crf', '30', '-preset', 'slow', '-movflags', '+faststart'];
  const target = join(MEDIA_DIR, `${clip.name}.${clip.container}`);
  execFileSync(
    'ffmpeg',
    [
      '-y',
      '-hide_banner',
      '-loglevel',
      'error',
      ...inputs,
      '-filter_complex',
      filters.join(';'),
      '-map',
      '[out]',
      '-g',
      String(2 * FPS),
      '-pix_fmt',
      'yuv420p',
      '-map_metadata',
      '-1',
      ...codec,
      '-t',
      String(total),
      target,
    ],
    { stdio: 'inherit' },
  );
  // The poster: the first scene, a second in.
  execFileSync(
    'ffmpeg',
    ['-y', '-hide_banner', '-loglevel', 'error', '-ss', '1', '-i', target, '-frames:v', '1', '-q:v', '5', join(MEDIA_DIR, `${clip.name}.jpg`)],
    {
      stdio: 'inherit',
    },
  );
}

/** Lines of at most `width` points in `font` at `size`. */
function wrap(text, font, size, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/** A session's handout: one A4 page per locale, its title, its course and its text. */
async function makePdf(course, session, target) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(session.title['it-IT']);
  pdf.setAuthor('Tiles Formazione Sanitaria');
  pdf.setSubject(course.title['it-IT']);
  pdf.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  pdf.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  pdf.setProducer('Tiles demo (pdf-lib)');
  pdf.setCreator('scripts/demo-media.mjs');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const margin = 56;
  for (const locale of LOCALES) {
    const page = pdf.addPage([595.28, 841.89]);
    const width = page.getWidth() - 2 * margin;
    let y = page.getHeight() - margin;
    const write = (text, font, size, color = rgb(0.1, 0.1, 0.1)) => {
      for (const line of wrap(text, font, size, width)) {
        y -= size * 1.35;
        page.drawText(line, { x: margin, y, size, font, color });
      }
    };
    write(course.title[locale], regular, 11, rgb(0.36, 0.16, 0.53));
    y -= 6;
    write(session.title[locale], bold, 20);
    y -= 12;
    for (const paragraph of session.body[locale].split(/\n{2,}/)) {
      write(paragraph.trim(), regular, 11.5);
      y -= 8;
    }
    page.drawText(`Tiles Formazione Sanitaria · ${locale}`, { x: margin, y: margin / 2, size: 8, font: regular, color: rgb(0.4, 0.4, 0.4) });
  }
  writeFileSync(target, await pdf.save());
}

const withVideos = process.argv.includes('--videos');
const data = JSON.parse(readFileSync(COURSES, 'utf8'));
if (withVideos) {
  const work = mkdtempSync(join(tmpdir(), 'demo-media-'));
  try {
    for (const clip of CLIPS) makeVideo(clip, work);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
for (const clip of CLIPS) for (const locale of LOCALES) writeFileSync(join(MEDIA_DIR, `${clip.name}.${locale}.vtt`), captions(clip, locale));

let videos = 0;
for (const course of data.courses) {
  for (const [m, module] of course.modules.entries()) {
    for (const [s, session] of module.sessions.entries()) {
      if (session.kind === 'video') {
        // Round the catalogue: consecutive video sessions, and so the two of a course, differ.
        const clip = CLIPS[videos++ % CLIPS.length];
        session.mediaUrl = clipAddress(clip);
        session.posterUrl = `/media/${clip.name}.jpg`;
        session.captions = Object.fromEntries(LOCALES.map((locale) => [locale, `/media/${clip.name}.${locale}.vtt`]));
        session.duration = declared(clipSeconds(clip));
      } else if (session.kind === 'document') {
        const name = `${course.id}-${m + 1}-${s + 1}.pdf`;
        await makePdf(course, session, join(MEDIA_DIR, name));
        session.mediaUrl = `/media/${name}`;
      }
    }
  }
}
writeFileSync(COURSES, `${JSON.stringify(data, null, 2)}\n`);
console.log(`Demo media written to ${MEDIA_DIR}; ${COURSES} points at them.`);
