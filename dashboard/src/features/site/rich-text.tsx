import { useTranslation } from '../../shared/i18n/use-translation';
import { marketingValues } from '../marketing/marketing-values';

/** Fills a content text's `{{fact}}` placeholders with the product facts (product-facts.ts). */
export function fillFacts(text: string, language: string): string {
  const values = marketingValues(language);
  return text.replace(/\{\{(\w+)\}\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

/**
 * A content text as paragraphs: blank lines separate them, and a paragraph whose every line
 * starts with "- " is a list. Everything is text: no markup in the content reaches the page.
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
                <li key={line}>{line.slice(2)}</li>
              ))}
            </ul>
          );
        }
        return <p key={index}>{lines.join(' ')}</p>;
      })}
    </div>
  );
}
