/**
 * The messages the platform sends, as declarations: which interface strings make each one, in
 * order, and which values it needs. The words are boilerplate strings (`email.*`, in
 * seed/boilerplate per locale), so editors word them in the CMS like the rest of the interface and
 * the CMS keeps their `{placeholders}`; the layout, the escaping and the plain-text twin are
 * core/email/render.ts. A new message is an entry here and its strings in every locale.
 *
 * Blocks: `text` is a paragraph (a string key); `action` is the message's button, whose address is
 * a path on the site, taken from the value named by `path` (the renderer makes it absolute with
 * the site's origin, so a message can only ever link to its own site). Every string may use the
 * template's values and `{site}`, the site's name in the message's language.
 */
export type EmailBlock = { text: string } | { action: string; path: string };

export interface EmailTemplate {
  subject: string;
  blocks: readonly EmailBlock[];
  /** The values the caller must give (outboxStatement refuses a message without one). */
  values: readonly string[];
}

export const EMAIL_TEMPLATES = {
  /** A forgotten password: the reset link (single use, `minutes` long). */
  'password-reset': {
    subject: 'email.passwordReset.subject',
    values: ['name', 'code', 'path', 'minutes'],
    blocks: [
      { text: 'email.greeting' },
      { text: 'email.passwordReset.intro' },
      { action: 'email.passwordReset.action', path: 'path' },
      { text: 'email.passwordReset.expiry' },
      { text: 'email.passwordReset.ignore' },
    ],
  },
  /** A forgotten password of an account that signs in through an identity provider: no link, the provider's name. */
  'password-federated': {
    subject: 'email.passwordFederated.subject',
    values: ['name', 'code', 'provider', 'path'],
    blocks: [
      { text: 'email.greeting' },
      { text: 'email.passwordFederated.intro' },
      { action: 'email.passwordFederated.action', path: 'path' },
      { text: 'email.passwordReset.ignore' },
    ],
  },
  /** A registration: the confirmation link (single use, `hours` long) that activates the account. */
  'register-confirm': {
    subject: 'email.registerConfirm.subject',
    values: ['name', 'path', 'hours'],
    blocks: [
      { text: 'email.greeting' },
      { text: 'email.registerConfirm.intro' },
      { action: 'email.registerConfirm.action', path: 'path' },
      { text: 'email.registerConfirm.expiry' },
      { text: 'email.registerConfirm.ignore' },
    ],
  },
  /** A registration with an address that already has an account: told to its owner, never to the form. */
  'register-known': {
    subject: 'email.registerKnown.subject',
    values: ['name', 'code', 'path'],
    blocks: [
      { text: 'email.greeting' },
      { text: 'email.registerKnown.intro' },
      { action: 'email.registerKnown.action', path: 'path' },
      { text: 'email.registerKnown.ignore' },
    ],
  },
  /** A user asked to make this their account's address: the link (single use, `hours` long) that does it. */
  'email-change': {
    subject: 'email.emailChange.subject',
    values: ['name', 'code', 'path', 'hours'],
    blocks: [
      { text: 'email.greeting' },
      { text: 'email.emailChange.intro' },
      { action: 'email.emailChange.action', path: 'path' },
      { text: 'email.emailChange.expiry' },
      { text: 'email.emailChange.ignore' },
    ],
  },
  /** Someone asked to make an address that already has an account theirs: told to its owner, with no link, never to the asker. */
  'email-change-known': {
    subject: 'email.emailChangeKnown.subject',
    values: ['name', 'code', 'path'],
    blocks: [
      { text: 'email.greeting' },
      { text: 'email.emailChangeKnown.intro' },
      { action: 'email.emailChangeKnown.action', path: 'path' },
      { text: 'email.emailChangeKnown.ignore' },
    ],
  },
  /** The account's address changed (or was removed): told to the old address, with where to ask for help. */
  'email-changed': {
    subject: 'email.emailChanged.subject',
    values: ['name', 'code', 'path'],
    blocks: [{ text: 'email.greeting' }, { text: 'email.emailChanged.intro' }, { action: 'email.emailChanged.action', path: 'path' }],
  },
  /** An account staff created: the invitation link (single use, `days` long) where the person chooses a password. */
  invitation: {
    subject: 'email.invitation.subject',
    values: ['name', 'code', 'path', 'days'],
    blocks: [
      { text: 'email.greeting' },
      { text: 'email.invitation.intro' },
      { action: 'email.invitation.action', path: 'path' },
      { text: 'email.invitation.expiry' },
      { text: 'email.invitation.ignore' },
    ],
  },
  /** The invitation of a person created and enrolled in a course at once (a CSV import with a course): one message says both. */
  'invitation-enrolled': {
    subject: 'email.invitation.subject',
    values: ['name', 'code', 'path', 'days', 'course'],
    blocks: [
      { text: 'email.greeting' },
      { text: 'email.invitation.intro' },
      { action: 'email.invitation.action', path: 'path' },
      { text: 'email.invitationEnrolled.course' },
      { text: 'email.invitation.expiry' },
      { text: 'email.invitation.ignore' },
    ],
  },
  /** Staff enrolled the learner in a course (one by one or by CSV): the course's link. */
  'course-enrolled': {
    subject: 'email.courseEnrolled.subject',
    values: ['name', 'course', 'path'],
    blocks: [{ text: 'email.greeting' }, { text: 'email.courseEnrolled.intro' }, { action: 'email.courseEnrolled.action', path: 'path' }],
  },
  /** Staff's reply to a support request, with what the sender wrote, and a way to write again. */
  'support-reply': {
    subject: 'email.supportReply.subject',
    values: ['name', 'id', 'message', 'reply', 'path'],
    blocks: [
      { text: 'email.greeting' },
      { text: 'email.supportReply.intro' },
      { text: 'email.supportReply.reply' },
      { text: 'email.supportReply.yours' },
      { action: 'email.supportReply.action', path: 'path' },
    ],
  },
} as const satisfies Record<string, EmailTemplate>;

export type EmailTemplateName = keyof typeof EMAIL_TEMPLATES;

/** The values a template needs, by name: `{ name, code, path, minutes }` for 'password-reset'. */
export type EmailValues<Name extends EmailTemplateName> = Record<(typeof EMAIL_TEMPLATES)[Name]['values'][number], string | number>;

export function isEmailTemplate(name: string): name is EmailTemplateName {
  return Object.hasOwn(EMAIL_TEMPLATES, name);
}

/** The strings every message uses besides its own: the line before a button's address written out, and the footer. */
export const EMAIL_FRAME_STRINGS = { linkFallback: 'email.linkFallback', footer: 'email.footer' } as const;
