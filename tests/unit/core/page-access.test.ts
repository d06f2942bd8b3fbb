import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_RULES, pageHidden, pageRuleFor, visitorTarget, type PageRule } from '../../../core/page-access.ts';
import type { Permission } from '../../../core/permissions.ts';

const PAGES = 'src/pages';

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(path) : /\.(astro|ts)$/.test(entry.name) ? [path] : [];
  });
}

/** An address the page file answers: its locale and parameters filled with sample values. */
function sampleAddress(file: string): string {
  const segments = relative(PAGES, file)
    .replace(/\.(astro|ts)$/, '')
    .split('/')
    .filter((segment) => segment !== 'index')
    .map((segment) => (segment === '[locale]' ? 'it-IT' : segment.startsWith('[...') ? 'a/1/2' : segment.startsWith('[') ? 'x' : segment));
  return `/${segments.join('/')}`;
}

const grants = (...permissions: Permission[]): ReadonlySet<Permission> => new Set(permissions);

describe('the page table: matching', () => {
  it('finds a rule with or without the locale, by whole segments', () => {
    expect(pageRuleFor('/it-IT/profile')?.pattern).toBe('profile/**');
    expect(pageRuleFor('/profile/user-data')?.pattern).toBe('profile/**');
    expect(pageRuleFor('/en-US/staff/people/u-1')?.permission).toBe('people:manage');
    expect(pageRuleFor('/de-DE/staff/support/12')?.permission).toBe('support:read');
    // A course's editing screen is the editors', its staff page every staff member's.
    expect(pageRuleFor('/it-IT/staff/courses/triage/edit')?.permission).toBe('content:edit');
    expect(pageRuleFor('/it-IT/staff/courses/triage')?.permission).toBe('people:manage');
    expect(pageRuleFor('/it-IT/ispezione-ecm')?.permission).toBe('ecm:audit');
    expect(pageRuleFor('/test')?.permission).toBe('test:read');
    expect(pageRuleFor('/it-IT/profiles')).toBeNull();
    expect(pageRuleFor('/it-IT/staffing')).toBeNull();
    // The staff area's own address asks only for a signed-in user: the page sends them on or answers its 404.
    expect(pageRuleFor('/it-IT/staff')).toEqual({ pattern: 'staff', visitor: 'sign-in' });
  });

  it('leaves public pages, and a course page with its visitor version, to everyone', () => {
    for (const path of [
      '/',
      '/it-IT',
      '/it-IT/privacy',
      '/it-IT/catalogo-corsi',
      '/it-IT/course/triage',
      '/it-IT/course/triage/2',
      '/it-IT/course/ecm',
      '/tiles-access',
    ])
      expect(pageRuleFor(path), path).toBeNull();
  });

  it("tells a course's ECM page (course/ecm/{id}) from the page of a course whose id is 'ecm'", () => {
    expect(pageRuleFor('/it-IT/course/ecm/bls-d-adulto')?.visitor).toBe('sign-in');
    expect(pageRuleFor('/it-IT/course/ecm')).toBeNull();
    expect(pageRuleFor('/it-IT/course/session/triage/1/2')?.visitor).toBe('sign-in');
  });

  it('takes the first rule that matches', () => {
    const rules: PageRule[] = [
      { pattern: 'a/b/*', visitor: 'not-found' },
      { pattern: 'a/**', visitor: 'home' },
    ];
    expect(pageRuleFor('/a/b/c', rules)?.visitor).toBe('not-found');
    expect(pageRuleFor('/a/b', rules)?.visitor).toBe('home');
    expect(pageRuleFor('/a/b/c/d', rules)?.visitor).toBe('home');
  });
});

describe('the page table: decisions', () => {
  it('sends a visitor home, or to sign-in and back to the exact address, or nowhere', () => {
    expect(visitorTarget(pageRuleFor('/it-IT/profile'), '/it-IT/profile')).toBe('/');
    expect(visitorTarget(pageRuleFor('/it-IT/staff/people'), '/it-IT/staff/people?q=rossi')).toBe(
      '/tiles-access?returnTo=%2Fit-IT%2Fstaff%2Fpeople%3Fq%3Drossi',
    );
    expect(visitorTarget(pageRuleFor('/test'), '/test')).toBeNull();
    expect(visitorTarget(null, '/it-IT/privacy')).toBeNull();
  });

  it('hides a page from a user without its permission, and from a visitor only where the rule says', () => {
    const staff = pageRuleFor('/it-IT/staff/people');
    expect(pageHidden(staff, grants('course:read'))).toBe(true);
    expect(pageHidden(staff, grants('people:manage'))).toBe(false);
    expect(pageHidden(pageRuleFor('/it-IT/staff/support'), grants('people:manage'))).toBe(true);
    expect(pageHidden(pageRuleFor('/it-IT/staff/support'), grants('support:read'))).toBe(false);
    expect(pageHidden(pageRuleFor('/it-IT/profile'), grants())).toBe(false);
    expect(pageHidden(pageRuleFor('/test'), null)).toBe(true);
    expect(pageHidden(pageRuleFor('/test'), grants('test:read'))).toBe(false);
    expect(pageHidden(staff, null)).toBe(false);
    expect(pageHidden(null, null)).toBe(false);
  });
});

describe('the page table covers every guarded page', () => {
  const guarded = (folder: string) => filesUnder(join(PAGES, folder)).map((file) => ({ file, address: sampleAddress(file) }));

  it("every staff page needs a permission, and visitors sign in first; the area's own address only leads on", () => {
    const pages = guarded('[locale]/staff');
    expect(pages.length).toBeGreaterThanOrEqual(10);
    for (const { file, address } of pages) {
      const rule = pageRuleFor(address);
      // src/pages/[locale]/staff/index.astro shows nothing: it sends a user to a section they may open, or answers its 404.
      if (address !== '/it-IT/staff') expect(rule?.permission, file).toBeDefined();
      expect(rule?.visitor, file).toBe('sign-in');
    }
  });

  it('every profile page needs a signed-in user, and sends visitors home', () => {
    const pages = guarded('[locale]/profile');
    expect(pages.length).toBeGreaterThanOrEqual(10);
    for (const { file, address } of pages) expect(pageRuleFor(address)?.visitor, file).toBe('home');
  });

  it('the ECM inspection, the testers page, sessions and ECM pages keep their rules', () => {
    expect(pageRuleFor(sampleAddress(join(PAGES, '[locale]/ispezione-ecm.astro')))?.permission).toBe('ecm:audit');
    expect(pageRuleFor(sampleAddress(join(PAGES, 'test/index.astro')))?.permission).toBe('test:read');
    expect(pageRuleFor(sampleAddress(join(PAGES, '[locale]/course/session/[...id].astro')))?.visitor).toBe('sign-in');
    expect(pageRuleFor(sampleAddress(join(PAGES, '[locale]/course/ecm/[id].astro')))?.visitor).toBe('sign-in');
  });

  it('pages read the permissions the gate loaded (Astro.locals.permissions), never load them again', () => {
    for (const file of [...filesUnder(PAGES), ...filesUnder('src/components'), ...filesUnder('src/server')]) {
      expect(readFileSync(file, 'utf8').includes('loadPermissions('), file).toBe(false);
    }
  });

  it('names each pattern once', () => {
    expect(new Set(PAGE_RULES.map((rule) => rule.pattern)).size).toBe(PAGE_RULES.length);
  });
});
