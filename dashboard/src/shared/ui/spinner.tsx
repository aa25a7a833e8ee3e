const SIZES = {
  sm: 'size-4 border-2',
  md: 'size-6 border-4',
  lg: 'size-10 border-4',
} as const;

/**
 * The turning ring of every loader, inline or full-screen (still, for a visitor who asks for
 * less motion). Decoration only: the text beside it (in a `role="status"`) is what is
 * announced.
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
      className={`block shrink-0 animate-spin rounded-full motion-reduce:animate-none border-indigo-600 border-t-transparent ${SIZES[size]} ${className}`}
    />
  );
}
