/**
 * Changing an account's e-mail address: the new address gets a link that lives 24 hours. Within an
 * hour an account may ask for 3 changes and an address be asked for 3 times (each request sends one
 * e-mail to the address asked for, which is not yet proved to be the person's).
 */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
export const EMAIL_CHANGE_WINDOW_MS = 60 * 60 * 1000;
export const EMAIL_CHANGES_PER_ACCOUNT = 3;
export const EMAIL_CHANGES_PER_ADDRESS = 3;
