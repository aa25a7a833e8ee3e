/** The parts of a message extraction reads: the text body is the HTML's text for HTML-only mail. */
export interface MessageTexts {
  subject: string;
  text: string;
  html: string;
}

/** A one-time code found in a message, with the sentence it stands in. */
export interface ExtractedCode {
  value: string;
  context: string;
}

/** What a link is for, as its words and its address say. */
export type LinkKind = 'verify' | 'sign-in' | 'reset' | 'unsubscribe' | 'other';

/** A link of a message: where it goes, the words it is written as, and what it is for. */
export interface ExtractedLink {
  url: string;
  text: string;
  kind: LinkKind;
  /** Whether this is the message's one call to act (then it is first in the list). */
  primary: boolean;
}
