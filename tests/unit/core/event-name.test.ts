import { describe, expect, it } from 'vitest';
import { clientMaySend } from '../../../core/client-event.ts';
import { buildEvent, splitEventName } from '../../../core/event-name.ts';
import { buildHit } from '../../../core/hit.ts';

describe('event names', () => {
  it('split on dots into action, variant and scope', () => {
    expect(splitEventName('course.open.catalogue')).toEqual({ action: 'course', variant: 'open', scope: 'catalogue' });
    expect(splitEventName('login')).toEqual({ action: 'login', variant: undefined, scope: undefined });
    expect(splitEventName('a.b.c.d')).toEqual({ action: 'a', variant: 'b', scope: 'c.d' });
  });

  it("build a web event of type 'event'", () => {
    const event = buildEvent('session.complete', { ua: 'UA', now: new Date('2026-01-02T03:04:05Z') });
    expect(event).toMatchObject({ ua: 'UA', origin: 'web', type: 'event', createdAt: '2026-01-02T03:04:05.000Z', action: 'session', variant: 'complete' });
  });
});

describe('events a browser may send', () => {
  it('any name outside the server namespaces, whatever the role', () => {
    for (const name of ['course.open.catalogue', 'quiz', 'test.run', 'authz.x', 'ecmx.y']) expect(clientMaySend(name, 'user'), name).toBe(true);
  });

  it('no name in auth, cms, ecm or support, in any case', () => {
    for (const name of ['auth.login.password', 'cms.page.publish', 'ecm.certificate.issue', 'support.request.create', 'Auth.x', 'CMS', 'eCm.a.b']) {
      expect(clientMaySend(name, 'admin'), name).toBe(false);
    }
  });

  it('a mode switch only for the modes the role offers', () => {
    expect(clientMaySend('cms.mode.admin', 'admin')).toBe(true);
    expect(clientMaySend('cms.mode.user', 'admin')).toBe(true);
    expect(clientMaySend('test.mode.tester', 'tester')).toBe(true);
    expect(clientMaySend('cms.mode.admin', 'tester')).toBe(false);
    expect(clientMaySend('test.mode.tester', 'user')).toBe(false);
    expect(clientMaySend('Test.Mode.tester', 'tester')).toBe(false);
    expect(clientMaySend('test.mode', 'tester')).toBe(false);
  });
});

describe('hits', () => {
  it('carry the path and the time since the previous navigation', () => {
    expect(buildHit({ path: '/it-IT/privacy', ms: 1200, ua: 'UA', identity: 'id-123456' })).toEqual({
      ua: 'UA',
      identity: 'id-123456',
      origin: 'web',
      subject: { id: '/it-IT/privacy', meta: [{ field: 'ms', value: 1200 }] },
    });
  });

  it('keep within the API’s 512 characters of path and user agent, however long the address', () => {
    const hit = buildHit({ path: `/it-IT/verifica-attestato/${'a'.repeat(3000)}`, ms: 5, ua: 'U'.repeat(600), identity: 'id-123456' });
    expect(hit.subject.id).toHaveLength(512);
    expect(hit.subject.id.startsWith('/it-IT/verifica-attestato/aaa')).toBe(true);
    expect(hit.ua).toHaveLength(512);
  });

  it('name course, module and session as integers on the session route', () => {
    expect(buildHit({ path: '/it-IT/course/session/triage/2/3', ms: 0, ua: '', identity: 'x' })).toMatchObject({ course: 'triage', module: 2, session: 3 });
  });
});
