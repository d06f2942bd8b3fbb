import { describe, expect, it } from 'vitest';
import { breadcrumbs, course, courseList, organization, serializeJsonLd } from '../../../../src/server/json-ld.ts';
import { checkSchemaOrg } from '../../../e2e/schema-org.ts';

const publisher = { name: 'Tiles Healthcare Training', url: 'https://formazione.example.it/en-US', logo: 'https://formazione.example.it/logo/tiles.svg' };

describe('schema.org structured data', () => {
  it('describes the organization on the home page', () => {
    const data = organization(publisher);
    expect(checkSchemaOrg(data)).toEqual([]);
    expect(data).toMatchObject({ '@type': 'Organization', name: 'Tiles Healthcare Training' });
  });

  it('lists the catalogue as courses with provider, language and the ECM credits where they apply', () => {
    const data = courseList(
      [
        { url: 'https://formazione.example.it/en-US/course/triage', name: 'Triage', description: 'In the emergency department.', ecmCredits: 10.5 },
        { url: 'https://formazione.example.it/en-US/course/falls', name: 'Falls', description: 'Preventing falls.', ecmCredits: null },
      ],
      publisher,
      'en-US',
    );
    expect(checkSchemaOrg(data)).toEqual([]);
    const items = data.itemListElement as { position: number; item: Record<string, unknown> }[];
    expect(items.map((entry) => entry.position)).toEqual([1, 2]);
    expect(items[0]?.item).toMatchObject({
      '@type': 'Course',
      inLanguage: 'en-US',
      provider: { '@type': 'Organization', name: publisher.name },
      numberOfCredits: { '@type': 'QuantitativeValue', value: 10.5 },
    });
    expect(items[1]?.item.numberOfCredits).toBeUndefined();
  });

  it('describes one course on its public summary page, as the catalogue does', () => {
    const data = course(
      { url: 'https://formazione.example.it/en-US/course/triage', name: 'Triage', description: 'In the emergency department.', ecmCredits: 6 },
      publisher,
      'en-US',
    );
    expect(checkSchemaOrg(data)).toEqual([]);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Course',
      url: 'https://formazione.example.it/en-US/course/triage',
      inLanguage: 'en-US',
      provider: { '@type': 'Organization', name: publisher.name },
      numberOfCredits: { '@type': 'QuantitativeValue', value: 6, unitText: 'ECM' },
    });
  });

  it('gives a breadcrumb trail with positions, names and addresses', () => {
    const data = breadcrumbs([
      { name: 'Home', url: 'https://formazione.example.it/en-US' },
      { name: 'Catalogue', url: 'https://formazione.example.it/en-US/catalogo-corsi' },
    ]);
    expect(checkSchemaOrg(data)).toEqual([]);
  });

  it('cannot close its script element early', () => {
    expect(serializeJsonLd({ name: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });
});

describe('the schema.org checker', () => {
  it('refuses unknown properties and types, wrong value types, missing required properties and relative addresses', () => {
    expect(checkSchemaOrg({ '@context': 'https://schema.org', '@type': 'Organization', name: 'x', url: 'https://x.it', colour: 'blue' })).toEqual([
      '$.colour: not a property of Organization',
    ]);
    expect(checkSchemaOrg({ '@context': 'https://schema.org', '@type': 'Corse', name: 'x' })).toEqual(['$: unknown @type Corse']);
    expect(checkSchemaOrg({ '@context': 'https://schema.org', '@type': 'Organization', name: 'x', url: '/it-IT' })).toEqual(['$.url: "/it-IT" is not URL']);
    expect(
      checkSchemaOrg({
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        itemListElement: [{ '@type': 'ListItem', position: 1, item: { '@type': 'Course', name: 'x', description: 'y' } }],
      }),
    ).toEqual(['$.itemListElement[0].item: Course needs provider']);
    expect(
      checkSchemaOrg({
        '@context': 'https://schema.org',
        '@type': 'Course',
        name: 'x',
        description: 'y',
        provider: { '@type': 'Course', name: 'z', description: 'w', provider: 'p' },
      }),
    ).toEqual(['$.provider: a Course where Course.provider expects Organization or Person']);
    expect(checkSchemaOrg({ '@type': 'Organization', name: 'x', url: 'https://x.it' })).toEqual(['$: @context must be https://schema.org']);
  });
});
