import type { MouseEvent } from 'react';

/**
 * Props for a button that is unavailable while its work runs. `disabled` would drop focus
 * on the page's body the moment it is pressed (WCAG 2.4.3): a keyboard lost its place and
 * the next Tab started from the top. Instead it says it is unavailable (`aria-disabled`,
 * drawn as disabled by the button classes) and a press meanwhile does nothing, submit
 * included.
 */
export function busyButton(
  busy: boolean,
  onPress?: () => void,
): {
  'aria-disabled': true | undefined;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
} {
  return {
    'aria-disabled': busy || undefined,
    onClick: (event) => {
      if (busy) event.preventDefault();
      else onPress?.();
    },
  };
}
