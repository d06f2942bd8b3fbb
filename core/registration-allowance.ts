/**
 * How often registration may be used. A confirmation link lives 24 hours. Within an hour, an
 * address (or the account it names) gets at most 3 registration e-mails, confirmation links or
 * "someone used your address" notes alike (more requests are answered the same and send nothing);
 * a client address may register or ask for a new link 3 times without the bot check (a browser
 * without JavaScript cannot solve it) and 20 times with it.
 */
export const CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;
export const REGISTRATION_WINDOW_MS = 60 * 60 * 1000;
export const REGISTRATION_MAILS_PER_ADDRESS = 3;
export const REGISTRATION_REQUESTS_UNCHECKED = 3;
export const REGISTRATION_REQUESTS_CHECKED = 20;

export const REGISTRATION_MODES = ['open', 'invitation'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];
