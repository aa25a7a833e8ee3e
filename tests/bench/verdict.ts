// How every benchmark judges a figure against its target, and the median its rounds report.

export type Verdict = 'pass' | 'fail' | 'missing';

/** NaN is a missing figure; Infinity one that can never pass. */
export function verdict(value: number, passes: (value: number) => boolean): Verdict {
  if (Number.isNaN(value)) return 'missing';
  return passes(value) ? 'pass' : 'fail';
}

/** The median of the numbers (NaN when there are none). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
