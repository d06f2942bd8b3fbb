/** A session text's revision and title: as the editor loaded them, or as the server holds them now. */
export interface TitleState {
  revision: string;
  /** Null while the text has none in the language edited. */
  title: string | null;
}

/**
 * The revision the structure editor saves a session's title on. The save writes the text's body back
 * as it reads it just before, so a colleague's change to the body alone is kept and the title saves on
 * the text as it is now. A colleague's new title since this editor loaded it is never overwritten
 * unseen: the title is saved on the revision loaded here, which the server refuses (409), and the
 * editor is told.
 */
export function sessionTitleRevision(now: TitleState, loaded: TitleState): string {
  return now.title === loaded.title ? now.revision : loaded.revision;
}
