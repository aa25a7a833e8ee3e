import { useContext, useEffect } from 'react';
import { HeadContext } from './head-context';
import { applyDocumentLanguage } from '../../shared/preferences/apply-document-language';

/** Sets a meta tag, or removes it when the page shown has no such value. */
function setMeta(name: string, content: string | undefined) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (content === undefined) {
    tag?.remove();
    return;
  }
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.append(tag);
  }
  tag.content = content;
}

/**
 * The document's title, description, keywords, language and direction for the page shown,
 * kept as the reader moves between pages (the prerendered HTML has them from the start).
 */
export function usePageMeta({
  title,
  description,
  keywords,
  language,
}: {
  title: string;
  description?: string;
  keywords?: string;
  language: string;
}) {
  // While prerendering, the page's head is collected for the HTML the server writes.
  const collected = useContext(HeadContext);
  if (collected) Object.assign(collected, { title, description, keywords });
  useEffect(() => {
    document.title = title;
    if (description) setMeta('description', description);
    setMeta('keywords', keywords);
    applyDocumentLanguage(language);
  }, [title, description, keywords, language]);
}
