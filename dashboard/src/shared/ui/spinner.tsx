const SIZES = {
  sm: 'size-4 border-2',
  md: 'size-6 border-4',
  lg: 'size-10 border-4',
} as const;

/**
 * The turning ring of every loader, inline or full-screen. Decoration only: the text beside
 * it (in a `role="status"`) is what is announced.
 */
export function Spinner({
  size = 'md',
  className = '',
}: {
  size?: keyof typeof SIZES;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={`block shrink-0 animate-spin rounded-full border-indigo-600 border-t-transparent ${SIZES[size]} ${className}`}
    />
  );
}
