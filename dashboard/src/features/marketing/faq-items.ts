import { marketingValues, type Translate } from './marketing-values';

/** The FAQ's categories; every one has at least one item. */
export const FAQ_CATEGORIES = [
  'basics',
  'usage',
  'pricing',
  'safety',
  'features',
  'comparison',
  'technical',
  'pro',
  'limits',
  'compatibility',
  'tutorials',
  'legal',
  'privacy',
  'integration',
  'global',
  'business',
] as const;

export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

/** The FAQ page's topics: the fine categories above, gathered into what a reader looks for. */
export const FAQ_TOPICS = ['general', 'pro', 'privacy', 'technical'] as const;

export type FaqTopic = (typeof FAQ_TOPICS)[number];

export const FAQ_TOPIC_OF: Record<FaqCategory, FaqTopic> = {
  basics: 'general',
  usage: 'general',
  features: 'general',
  comparison: 'general',
  compatibility: 'general',
  tutorials: 'general',
  global: 'general',
  business: 'general',
  pricing: 'pro',
  pro: 'pro',
  safety: 'privacy',
  legal: 'privacy',
  privacy: 'privacy',
  technical: 'technical',
  integration: 'technical',
  limits: 'technical',
};

/** An item's texts live in the marketing locale files under `faq.{id}.question` and `.answer`. */
export type FaqItem = { id: string; category: FaqCategory };

/** The 35 questions, in the order the accordion shows them. */
export const FAQ_ITEMS: readonly FaqItem[] = [
  { id: 'what-is-temporary-email', category: 'basics' },
  { id: 'do-i-need-to-sign-up', category: 'basics' },
  { id: 'how-long-does-an-address-last', category: 'basics' },
  { id: 'how-do-i-get-an-address', category: 'usage' },
  { id: 'how-fast-do-emails-arrive', category: 'usage' },
  { id: 'what-if-i-close-the-page', category: 'usage' },
  { id: 'is-tempmail-free', category: 'pricing' },
  { id: 'how-much-does-pro-cost', category: 'pricing' },
  { id: 'can-i-get-a-refund', category: 'pricing' },
  { id: 'is-temporary-email-safe', category: 'safety' },
  { id: 'are-html-emails-safe-to-open', category: 'safety' },
  { id: 'can-i-receive-attachments', category: 'features' },
  { id: 'can-i-send-email', category: 'features' },
  { id: 'can-i-search-my-inbox', category: 'features' },
  { id: 'free-vs-pro', category: 'comparison' },
  { id: 'temporary-vs-real-email', category: 'comparison' },
  { id: 'why-is-my-email-not-arriving', category: 'technical' },
  { id: 'does-the-inbox-update-automatically', category: 'technical' },
  { id: 'what-is-a-custom-alias', category: 'pro' },
  { id: 'how-does-forwarding-work', category: 'pro' },
  { id: 'how-do-i-restore-pro-access', category: 'pro' },
  { id: 'what-happens-when-pro-ends', category: 'pro' },
  { id: 'how-many-addresses-can-i-create', category: 'limits' },
  { id: 'how-many-emails-can-i-receive', category: 'limits' },
  { id: 'what-are-the-api-limits', category: 'limits' },
  { id: 'does-it-work-on-my-phone', category: 'compatibility' },
  { id: 'will-websites-accept-my-address', category: 'compatibility' },
  { id: 'how-to-verify-an-account', category: 'tutorials' },
  { id: 'how-to-keep-the-same-address', category: 'tutorials' },
  { id: 'is-temporary-email-legal', category: 'legal' },
  { id: 'what-data-do-you-keep', category: 'privacy' },
  { id: 'who-can-read-my-inbox', category: 'privacy' },
  { id: 'is-there-an-api', category: 'integration' },
  { id: 'which-languages-are-supported', category: 'global' },
  { id: 'can-my-team-use-it-for-testing', category: 'business' },
];

/** One item's question and answer in the reader's language, with the product facts filled in. */
export function translateFaqItem(
  t: Translate,
  language: string,
  item: FaqItem,
): { question: string; answer: string } {
  const values = marketingValues(language);
  return {
    question: t(`faq.${item.id}.question`, values),
    answer: t(`faq.${item.id}.answer`, values),
  };
}

/**
 * The FAQ as schema.org FAQPage structured data, so search engines can show the answers,
 * for the home page now and the public pages later.
 */
export function faqJsonLd(t: Translate, language: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    inLanguage: language,
    mainEntity: FAQ_ITEMS.map((item) => {
      const { question, answer } = translateFaqItem(t, language, item);
      return {
        '@type': 'Question',
        name: question,
        acceptedAnswer: { '@type': 'Answer', text: answer },
      };
    }),
  };
}
