import { useId, type ReactNode } from 'react';

/**
 * A labelled form control with its error: the control gets the id the label points at and,
 * while there is an error, `aria-invalid` and the error as its description, announced when
 * it appears.
 */
export function FormField({
  label,
  error,
  children,
}: {
  label: string;
  error?: string;
  children: (props: {
    id: string;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
  }) => ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children(error ? { id, 'aria-invalid': true, 'aria-describedby': `${id}-error` } : { id })}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
