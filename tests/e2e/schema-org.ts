/**
 * A small checker of schema.org JSON-LD for the types our pages emit: every property must exist on
 * the type (or a parent type) in the schema.org vocabulary, every value must be of one of the
 * property's expected types, and the properties search engines require for these rich results
 * (Google's Course list, Breadcrumb and Organization) must be present. Definitions from
 * https://schema.org (version 29), reduced to these types.
 */
type Literal = 'Text' | 'URL' | 'Integer' | 'Number' | 'Boolean';
type Expected = Literal | string;

interface TypeDefinition {
  parent: string | null;
  properties: Record<string, Expected[]>;
  required?: string[];
}

const TYPES: Record<string, TypeDefinition> = {
  Thing: {
    parent: null,
    properties: {
      name: ['Text'],
      description: ['Text'],
      url: ['URL'],
      image: ['URL', 'ImageObject'],
      sameAs: ['URL'],
      identifier: ['Text', 'URL', 'PropertyValue'],
      alternateName: ['Text'],
    },
  },
  Organization: {
    parent: 'Thing',
    properties: { logo: ['URL', 'ImageObject'], email: ['Text'], telephone: ['Text'], address: ['Text', 'PostalAddress'] },
    required: ['name', 'url'],
  },
  EducationalOrganization: { parent: 'Organization', properties: {} },
  CreativeWork: {
    parent: 'Thing',
    properties: {
      inLanguage: ['Text', 'Language'],
      provider: ['Organization', 'Person'],
      publisher: ['Organization', 'Person'],
      keywords: ['Text'],
      about: ['Thing'],
    },
  },
  Course: {
    parent: 'CreativeWork',
    properties: {
      courseCode: ['Text'],
      numberOfCredits: ['Integer', 'StructuredValue'],
      educationalCredentialAwarded: ['Text', 'URL', 'EducationalOccupationalCredential'],
      hasCourseInstance: ['CourseInstance'],
      coursePrerequisites: ['Text', 'Course', 'AlignmentObject'],
    },
    required: ['name', 'description', 'provider'],
  },
  Intangible: { parent: 'Thing', properties: {} },
  StructuredValue: { parent: 'Intangible', properties: {} },
  QuantitativeValue: {
    parent: 'StructuredValue',
    properties: {
      value: ['Number', 'Text', 'Boolean', 'StructuredValue'],
      unitText: ['Text'],
      unitCode: ['Text', 'URL'],
      minValue: ['Number'],
      maxValue: ['Number'],
    },
    required: ['value'],
  },
  ItemList: {
    parent: 'Intangible',
    properties: { itemListElement: ['ListItem', 'Thing', 'Text'], numberOfItems: ['Integer'], itemListOrder: ['Text', 'ItemListOrderType'] },
    required: ['itemListElement'],
  },
  BreadcrumbList: { parent: 'ItemList', properties: {} },
  ListItem: {
    parent: 'Intangible',
    properties: { position: ['Integer', 'Text'], item: ['Thing', 'URL'], nextItem: ['ListItem'], previousItem: ['ListItem'] },
    required: ['position'],
  },
};

function isA(type: string, expected: string): boolean {
  for (let current: string | null = type; current; current = TYPES[current]?.parent ?? null) if (current === expected) return true;
  return false;
}

function literalMatches(value: unknown, expected: Expected): boolean {
  switch (expected) {
    case 'Text':
      return typeof value === 'string' && value.trim().length > 0;
    case 'URL':
      return typeof value === 'string' && /^https?:\/\/[^\s]+$/.test(value);
    case 'Integer':
      return Number.isInteger(value);
    case 'Number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'Boolean':
      return typeof value === 'boolean';
    default:
      return false;
  }
}

/** The problems found in one JSON-LD node (and the nodes inside it); empty when it is valid. */
export function checkSchemaOrg(node: unknown, path = '$', top = true): string[] {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return [`${path}: not an object`];
  const record = node as Record<string, unknown>;
  const problems: string[] = [];
  if (top && record['@context'] !== 'https://schema.org') problems.push(`${path}: @context must be https://schema.org`);
  const type = record['@type'];
  if (typeof type !== 'string' || !TYPES[type]) return [...problems, `${path}: unknown @type ${String(type)}`];
  const allowed = new Map<string, Expected[]>();
  for (let current: string | null = type; current; current = TYPES[current]?.parent ?? null) {
    for (const [name, expected] of Object.entries(TYPES[current]?.properties ?? {})) if (!allowed.has(name)) allowed.set(name, expected);
  }
  for (const [name, value] of Object.entries(record)) {
    if (name === '@context' || name === '@type') continue;
    const expected = allowed.get(name);
    if (!expected) {
      problems.push(`${path}.${name}: not a property of ${type}`);
      continue;
    }
    const values = Array.isArray(value) ? value : [value];
    values.forEach((entry, index) => {
      const at = Array.isArray(value) ? `${path}.${name}[${index}]` : `${path}.${name}`;
      if (typeof entry === 'object' && entry !== null) {
        const entryType = (entry as Record<string, unknown>)['@type'];
        if (typeof entryType !== 'string' || !expected.some((candidate) => isA(entryType, candidate))) {
          problems.push(`${at}: a ${String(entryType)} where ${type}.${name} expects ${expected.join(' or ')}`);
          return;
        }
        problems.push(...checkSchemaOrg(entry, at, false));
      } else if (!expected.some((candidate) => literalMatches(entry, candidate))) {
        problems.push(`${at}: ${JSON.stringify(entry)} is not ${expected.join(' or ')}`);
      }
    });
  }
  for (let current: string | null = type; current; current = TYPES[current]?.parent ?? null) {
    for (const name of TYPES[current]?.required ?? []) if (record[name] === undefined) problems.push(`${path}: ${type} needs ${name}`);
  }
  // Breadcrumb crumbs need a name and (but for the last) the page they lead to.
  if (type === 'BreadcrumbList') {
    const crumbs = Array.isArray(record.itemListElement) ? record.itemListElement : [];
    crumbs.forEach((crumb, index) => {
      const entry = crumb as Record<string, unknown>;
      if (typeof entry.name !== 'string') problems.push(`${path}.itemListElement[${index}]: a crumb needs a name`);
      if (index < crumbs.length - 1 && typeof entry.item !== 'string') problems.push(`${path}.itemListElement[${index}]: a crumb needs item (its address)`);
      if (entry.position !== index + 1) problems.push(`${path}.itemListElement[${index}]: position should be ${index + 1}`);
    });
  }
  return problems;
}
