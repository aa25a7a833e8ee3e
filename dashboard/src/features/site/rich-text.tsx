import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { SiteLink } from '../../shared/routing/site-link';
import { LINK_BUTTON } from '../../shared/ui/button-classes';
import { marketingValues } from '../marketing/marketing-values';

/** Fills a content text's `{{fact}}` placeholders with the product facts (product-facts.ts). */
export function fillFacts(text: string, language: string): string {
  const values = marketingValues(language);
  return text.replace(/\{\{(\w+)\}\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

/**
 * `[words](/path)`: a link to a page of this site. Only a path on the site itself, so content
 * can never link a reader elsewhere; anything else in brackets stays text.
 */
export const SITE_LINK = /\[([^\]\n]+)\]\((\/[a-z0-9/-]*)\)/g;

/** A line of content: text, with its site links as links. */
function Inline({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let end = 0;
  for (const match of text.matchAll(SITE_LINK)) {
    parts.push(text.slice(end, match.index));
    parts.push(
      <SiteLink key={match.index} to={match[2]!} className={LINK_BUTTON}>
        {match[1]}
      </SiteLink>,
    );
    end = match.index + match[0].length;
  }
  parts.push(text.slice(end));
  return parts;
}

/**
 * A content text as paragraphs: blank lines separate them, a paragraph whose every line
 * starts with "- " is a list, and `[words](/path)` links a page of the site. Nothing else is
 * markup: no HTML in the content reaches the page.
 */
export function RichText({ text, className = '' }: { text: string; className?: string }) {
  const { i18n } = useTranslation();
  const blocks = fillFacts(text, i18n.language)
    .split(/\n\s*\n/)
    .filter((block) => block.trim());
  return (
    <div className={`space-y-3 ${className}`}>
      {blocks.map((block, index) => {
        const lines = block.split('\n').map((line) => line.trim());
        if (lines.every((line) => line.startsWith('- '))) {
          return (
            <ul key={index} className="list-disc space-y-1 pl-6">
              {lines.map((line) => (
                <li key={line}>
                  <Inline text={line.slice(2)} />
                </li>
              ))}
            </ul>
          );
        }
        return (
          <p key={index}>
            <Inline text={lines.join(' ')} />
          </p>
        );
      })}
    </div>
  );
}
