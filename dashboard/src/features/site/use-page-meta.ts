import { useContext, useEffect } from 'react';
import { HeadContext } from './head-context';
import { textDirection } from '../../shared/preferences/text-direction';

function setMeta(name: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.append(tag);
  }
  tag.content = content;
}

/**
 * The document's title, description, language and direction for the page shown, kept as the
 * reader moves between pages (the prerendered HTML has them from the start).
 */
export function usePageMeta({
  title,
  description,
  language,
}: {
  title: string;
  description?: string;
  language: string;
}) {
  // While prerendering, the page's head is collected for the HTML the server writes.
  const collected = useContext(HeadContext);
  if (collected) Object.assign(collected, { title, description });
  useEffect(() => {
    document.title = title;
    if (description) setMeta('description', description);
    document.documentElement.lang = language;
    document.documentElement.dir = textDirection(language);
  }, [title, description, language]);
}
