import { describe, expect, it } from 'vitest';
import { csvDecimal, csvDocument, csvSeparatorFor } from '../../../core/csv-document.ts';

describe('CSV files as a staff member’s spreadsheet reads them', () => {
  it('separates columns with ";" for Italian and German, "," otherwise', () => {
    expect(csvSeparatorFor('it-IT')).toBe(';');
    expect(csvSeparatorFor('de-DE')).toBe(';');
    expect(csvSeparatorFor('en-US')).toBe(',');
    expect(csvSeparatorFor('items')).toBe(',');
  });

  it('writes decimals with the comma where columns are separated by ";"', () => {
    expect(csvDecimal('12.5', ';')).toBe('12,5');
    expect(csvDecimal('12.5', ',')).toBe('12.5');
  });

  it('starts with a byte-order mark, quotes every cell, defuses formulas and ends lines with CRLF', () => {
    expect(
      csvDocument(
        ['nome', 'nota'],
        [
          ['Nicolò', '=1+1'],
          ['a;b', 'c"d'],
        ],
        ';',
      ),
    ).toBe('\uFEFFnome;nota\r\n"Nicolò";"\'=1+1"\r\n"a;b";"c""d"\r\n');
  });
});
