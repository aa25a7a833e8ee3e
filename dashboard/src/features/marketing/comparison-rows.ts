import { marketingValues, type Translate } from './marketing-values';

/** The eight features of the Free vs Pro table, in display order. */
export const COMPARISON_ROW_KEYS = [
  'addressLifetime',
  'mailRetention',
  'customAlias',
  'forwarding',
  'aggregatedInbox',
  'apiAccess',
  'ads',
  'prioritySupport',
] as const;

export type ComparisonRowKey = (typeof COMPARISON_ROW_KEYS)[number];

/** One row as the spec names its fields: the feature, then what each plan gets. */
export type ComparisonRow = { key: ComparisonRowKey; feature: string; free: string; pro: string };

/** The rows in the reader's language, under `comparison.rows.{key}.*` in the marketing files. */
export function translateComparisonRows(t: Translate, language: string): ComparisonRow[] {
  const values = marketingValues(language);
  return COMPARISON_ROW_KEYS.map((key) => ({
    key,
    feature: t(`comparison.rows.${key}.feature`, values),
    free: t(`comparison.rows.${key}.free`, values),
    pro: t(`comparison.rows.${key}.pro`, values),
  }));
}
