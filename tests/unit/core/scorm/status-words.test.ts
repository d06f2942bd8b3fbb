import { describe, expect, it } from 'vitest';
import { scormItemLabel, scormSessionStatus, scormStatusText, scormStatusWords } from '../../../../core/scorm/status-words.ts';
import { translator } from '../../../../core/translate.ts';

// Issue 31: the staff report showed a failed SCORM 2004 test as "completato, punteggio 40%".
describe('scormStatusWords', () => {
  it('adds a reported success to the completion, once', () => {
    expect(scormStatusWords('completed', 'failed')).toEqual(['completed', 'failed']);
    expect(scormStatusWords('completed', 'passed')).toEqual(['completed', 'passed']);
    expect(scormStatusWords('passed', 'passed')).toEqual(['passed']);
    expect(scormStatusWords('completed', 'unknown')).toEqual(['completed']);
    expect(scormStatusWords('incomplete', 'unknown')).toEqual(['incomplete']);
  });

  it('names a status no package should send "unknown" rather than showing it raw', () => {
    expect(scormStatusWords('<b>done</b>', 'maybe')).toEqual(['unknown']);
  });

  it("reads in the reader's language, joined", () => {
    const t = translator({ 'staff.report.scormStatus.completed': 'completato', 'staff.report.scormStatus.failed': 'non superato' });
    expect(scormStatusText(t, 'completed', 'failed')).toBe('completato, non superato');
  });
});

describe('scormSessionStatus', () => {
  it("is an item's own status, or for several items completed only when each is, failed when one failed", () => {
    expect(scormSessionStatus([])).toBeNull();
    expect(scormSessionStatus([{ completion: 'completed', success: 'failed', scoreScaled: 0.4 }])).toEqual({
      completion: 'completed',
      success: 'failed',
      scoreScaled: 0.4,
    });
    const passed = { completion: 'completed', success: 'passed', scoreScaled: 1 };
    expect(scormSessionStatus([passed, { completion: 'incomplete', success: 'unknown', scoreScaled: null }])).toEqual({
      completion: 'incomplete',
      success: 'unknown',
      scoreScaled: 1,
    });
    expect(scormSessionStatus([passed, { completion: 'completed', success: 'failed', scoreScaled: 0.5 }])).toEqual({
      completion: 'completed',
      success: 'failed',
      scoreScaled: 0.75,
    });
    expect(scormSessionStatus([passed, { completion: 'passed', success: 'unknown', scoreScaled: null }])).toMatchObject({
      completion: 'completed',
      success: 'passed',
    });
  });
});

describe("a report's name for an item's state", () => {
  it('is its session alone for a package of one item, and names the item when the package has several', () => {
    const single = { module: 2, session: 9, item: 'item1' };
    expect(scormItemLabel(single, [single], '/')).toBe('2.9');
    const items = [
      { module: 1, session: 6, item: 'sco-1' },
      { module: 1, session: 6, item: 'sco-2' },
    ];
    expect(items.map((entry) => scormItemLabel(entry, [...items, single], ' · '))).toEqual(['1.6 · sco-1', '1.6 · sco-2']);
  });
});
