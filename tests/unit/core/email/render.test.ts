import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderEmail, siteAddress } from '../../../../core/email/render.ts';
import { EMAIL_FRAME_STRINGS, EMAIL_TEMPLATES, type EmailTemplateName } from '../../../../core/email/templates.ts';
import { translator } from '../../../../core/translate.ts';

const LOCALES = ['it-IT', 'en-US', 'de-DE'] as const;
const strings = (locale: string) => JSON.parse(readFileSync(`seed/boilerplate/${locale}.json`, 'utf8')) as Record<string, string>;
const frame = (locale: string) => ({
  locale,
  t: translator(strings(locale)),
  siteName: 'Tiles <Formazione>',
  origin: 'https://formazione.example.it',
  logoPath: '/logo/tiles.svg',
});
const RESET = { name: 'Giulia', code: 'g.bianchi', path: '/it-IT/password/reset?t=abc&x=1', minutes: 60 };

describe('renderEmail', () => {
  it('writes every template in it-IT, en-US and de-DE from its strings, with no key left unworded', () => {
    for (const locale of LOCALES) {
      const own = strings(locale);
      for (const [name, template] of Object.entries(EMAIL_TEMPLATES)) {
        const keys = [
          template.subject,
          ...Object.values(EMAIL_FRAME_STRINGS),
          ...template.blocks.map((block) => ('text' in block ? block.text : block.action)),
        ];
        for (const key of keys) expect(own[key], `${locale} ${key}`).toBeTruthy();
        const values = Object.fromEntries(template.values.map((value) => [value, value === 'path' ? '/it-IT' : `«${value}»`]));
        const message = renderEmail(name as EmailTemplateName, values as never, frame(locale));
        // Every placeholder was filled: no `{name}` reaches a reader.
        expect(`${message.subject}${message.text}${message.html}`).not.toMatch(/\{\w+\}/);
      }
    }
  });

  it("names the site, shows its logo and links to the site's own address, in text and HTML", () => {
    const message = renderEmail('password-reset', RESET, frame('it-IT'));
    expect(message.subject).toBe('Tiles <Formazione>: scegli una nuova password');
    expect(message.text.split('\n')[0]).toBe('Tiles <Formazione>');
    expect(message.text).toContain('Ciao Giulia,');
    expect(message.text).toContain('Scegli una nuova password:\nhttps://formazione.example.it/it-IT/password/reset?t=abc&x=1');
    expect(message.text).toContain('Il link vale 60 minuti');
    expect(message.html).toContain('<html lang="it-IT">');
    expect(message.html).toContain('<img src="https://formazione.example.it/logo/tiles.svg" alt="Tiles &lt;Formazione&gt;"');
    expect(message.html).toContain('href="https://formazione.example.it/it-IT/password/reset?t=abc&amp;x=1"');
  });

  it('escapes every value in the HTML and keeps the subject on one line', () => {
    const message = renderEmail('password-reset', { ...RESET, name: '<script>alert(1)</script>\r\nBcc: x@evil.example' }, frame('en-US'));
    expect(message.html).not.toContain('<script>');
    expect(message.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const federated = renderEmail(
      'password-federated',
      { name: 'A', code: 'c', provider: 'Medikey\nBcc: x@evil.example', path: '/tiles-access' },
      frame('en-US'),
    );
    expect(federated.subject).not.toMatch(/[\r\n]/);
  });
});

describe('siteAddress', () => {
  it('makes a path on the site absolute and refuses anything that would leave the site', () => {
    expect(siteAddress('https://formazione.example.it/anything', '/de-DE/x?y=1#z')).toBe('https://formazione.example.it/de-DE/x?y=1#z');
    for (const path of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'relative', '', 'javascript:alert(1)']) {
      expect(() => siteAddress('https://formazione.example.it', path), path).toThrow();
    }
  });
});
