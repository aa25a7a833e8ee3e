// The shapes of the public site's content files. Text is plain: paragraphs
// are separated by a blank line ("\n\n"); a paragraph whose lines all start with "- " is a
// list. No HTML anywhere. Product facts are never spelled out: texts write placeholders that
// are filled from src/shared/product-facts.ts at render time:
//   {{minutes}} free address lifetime in minutes, {{hours}} Pro retention in hours,
//   {{monthly}} monthly price with currency, {{pass}} 24-hour pass price with currency,
//   {{freePerHour}} / {{proPerHour}} / {{burstPerMinute}} API limits,
//   {{passHours}} pass length in hours, {{refundDays}} money-back window in days.

/** The blog's categories. */
export const BLOG_CATEGORIES = [
  'guides',
  'social-media',
  'reviews',
  'security',
  'free-tools',
  'tutorials',
  'technical',
  'e-commerce',
  'finance',
  'pro-features',
  'privacy',
  'comparisons',
  'developer',
  'anti-spam',
  'faq',
] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

/** `content/blog/{slug}/meta.json`: what does not change with the language. */
export interface BlogPostMeta {
  category: BlogCategory;
  /** YYYY-MM-DD */
  publishedDate: string;
}

/** `content/blog/{slug}/{lang}.json`: one post in one language (keys `posts.{slug}.*`). */
export interface BlogPostText {
  title: string;
  description: string;
  keywords: string[];
  content: {
    intro: string;
    sections: {
      title: string;
      content: string;
      subsections: { title: string; content: string }[];
    }[];
    faq: { question: string; answer: string }[];
    conclusion: string;
  };
}

/**
 * `content/pages/{page}/{lang}.json` for the document-like pages: features, privacy, terms,
 * trust-safety and the four landing pages.
 */
export interface DocumentPageText {
  /** The <title> (without the site name) and the meta description. */
  title: string;
  description: string;
  heading: string;
  intro: string;
  sections: { id: string; title: string; content: string }[];
  /** A closing call to action that links to the home page. */
  cta?: { title: string; text: string; button: string };
}

/** `content/pages/contact/{lang}.json`. */
export interface ContactPageText {
  title: string;
  description: string;
  heading: string;
  intro: string;
  /** Live chat (shown only where a chat is configured), email support and the FAQ. */
  options: { id: 'chat' | 'email' | 'faq'; title: string; text: string; action: string }[];
  form: {
    heading: string;
    name: string;
    email: string;
    subject: string;
    category: string;
    priority: string;
    message: string;
    submit: string;
    sending: string;
    success: string;
    error: string;
    /** Too many messages from here: `{{wait}}` is the server's wait, in whole minutes. */
    rateLimited: string;
    /** After a message is sent: the form again, empty. */
    another: string;
    required: string;
    invalidEmail: string;
  };
  categories: Record<
    | 'general'
    | 'technical'
    | 'billing'
    | 'pro_account'
    | 'feature_request'
    | 'bug_report'
    | 'other',
    string
  >;
  priorities: Record<'low' | 'medium' | 'high' | 'urgent', string>;
  commonQuestions: { heading: string; items: { question: string; answer: string }[] };
  responseTimes: {
    heading: string;
    /** Response times: general 24 h, billing 12 h, technical 6 h, urgent 2 h. */
    items: Record<'general' | 'billing' | 'technical' | 'urgent', string>;
  };
  /** Business hours: Mon-Fri 9:00-18:00 UTC, with answers by email. */
  businessHours: { heading: string; text: string };
}
