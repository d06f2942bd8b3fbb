import { describe, expect, it } from 'vitest';
import type { PackageProblem } from '../../../../core/scorm/package-rules.ts';
import { packageRefusal } from '../../../../functions/scorm/package-refusal.ts';

const PROBLEMS: Record<PackageProblem, string | undefined> = {
  'not-zip': undefined,
  encrypted: 'segreto.html',
  'too-many-entries': '6000',
  'too-large-unpacked': undefined,
  'compression-ratio': 'media/zeros.bin',
  'total-ratio': '1000',
  'special-file': 'media/link',
  'duplicate-name': 'index.html',
  'entry-data': 'media/zeros-0.bin',
  'unsafe-path': '../x',
  'no-manifest': undefined,
  'manifest-invalid': undefined,
  'scorm-version': undefined,
  'no-launch': undefined,
  'launch-missing': 'index.html',
};

describe('packageRefusal', () => {
  it('tells every problem in a whole sentence of each language, its detail in place, nothing left unfilled', () => {
    for (const language of ['it', 'en', 'de'] as const) {
      for (const [problem, detail] of Object.entries(PROBLEMS) as [PackageProblem, string | undefined][]) {
        const error = packageRefusal({ ok: false, problem, ...(detail ? { detail } : {}) }, language);
        expect(error.statusCode, problem).toBe(problem === 'too-large-unpacked' ? 413 : 422);
        expect(error.message, `${language} ${problem}`).toMatch(/^\p{Lu}.*\.$/u);
        expect(error.message, `${language} ${problem}`).not.toMatch(/undefined|\{|\}|«»|""|„“|:\s*$/);
        if (detail) expect(error.message, `${language} ${problem}`).toContain(detail);
      }
    }
  });

  it('names the bounds, and a manifest\u2019s line when the parser knows it', () => {
    expect(packageRefusal({ ok: false, problem: 'too-large-unpacked' }, 'it').message).toBe('Estratto, il pacchetto supererebbe 1 GB: non viene accettato.');
    expect(packageRefusal({ ok: false, problem: 'total-ratio', detail: '1000' }, 'en').message).toBe(
      'The package is abnormally compressed: unpacked, it would be 1000 times the size of the zip (at most 50). It is refused.',
    );
    expect(packageRefusal({ ok: false, problem: 'manifest-invalid', detail: '4' }, 'de').message).toBe(
      'Die imsmanifest.xml des Pakets ist kein gültiges XML (Fehler in Zeile 4): Exportieren Sie es erneut aus dem Werkzeug, mit dem es erstellt wurde.',
    );
    expect(packageRefusal({ ok: false, problem: 'scorm-version' }, 'it').message).toContain('(versione non indicata)');
  });
});
