import { createContext } from 'react';

/** What the prerender collects from the page it renders, for the document's <head>. */
export interface CollectedHead {
  title?: string;
  description?: string;
  keywords?: string;
}

/** Provided only by the prerender; in the browser usePageMeta writes the head itself. */
export const HeadContext = createContext<CollectedHead | null>(null);
