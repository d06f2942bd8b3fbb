import { describe, expect, it } from 'vitest';
import { blocksOf, inlineRuns, isSafeHref, listItems, paragraphs } from '../../../core/session-body.ts';

describe('session body', () => {
  it('reads stored blocks and keeps only well-formed ones', () => {
    const body = [
      { type: 'h2', text: 'Titolo' },
      { type: 'ul', text: 'uno\ndue' },
      { type: 'img', text: 'Mani', src: '/media/a.png' },
      { type: 'script', text: 'x' },
      { type: 'p' },
    ];
    expect(blocksOf(body).map((block) => block.type)).toEqual(['h2', 'ul', 'img']);
  });

  it('splits a plain text into its paragraphs at blank lines', () => {
    expect(paragraphs('Primo.\n\nSecondo.')).toEqual(['Primo.', 'Secondo.']);
  });

  it('splits list items by line', () => {
    expect(listItems(' a \n\n b\n')).toEqual(['a', 'b']);
  });

  it('turns [words](address) into links, web and site addresses only', () => {
    expect(inlineRuns('Vedi [le linee guida](https://www.who.int/x) e [qui](/it-IT/privacy).')).toEqual([
      { text: 'Vedi ' },
      { text: 'le linee guida', href: 'https://www.who.int/x' },
      { text: ' e ' },
      { text: 'qui', href: '/it-IT/privacy' },
      { text: '.' },
    ]);
    expect(inlineRuns('[x](javascript:alert(1))')).toEqual([{ text: '[x](javascript:alert(1))' }]);
    expect(isSafeHref('//evil.example')).toBe(false);
    expect(isSafeHref('data:text/html,x')).toBe(false);
  });
});
