import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { showToast } from '../toast/toast-store';

/** How long the copy button says "Copied". */
export const COPY_FEEDBACK_MS = 2000;

/**
 * Copies `text` (the address, a token, a curl example): "Copied" for 2 s and a spoken
 * confirmation; a failure toasts the spec's "Copy failed". Disabled while there is nothing.
 */
export function CopyButton({
  text,
  label,
  copiedMessage,
  onCopied,
  className,
}: {
  text: string | null;
  /** The accessible name, when the visible "Copy" alone would not say what is copied. */
  label?: string;
  copiedMessage?: string;
  /** Said once copied, in place of the button's own spoken confirmation (a toast, say). */
  onCopied?: () => void;
  className: string;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    if (!text) return;
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      onCopied?.();
    } catch {
      setCopied(false);
      showToast({
        title: t('address.copyFailedTitle'),
        description: t('address.copyFailedDescription'),
        variant: 'destructive',
      });
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => void copy()}
        disabled={!text}
        aria-label={label}
        className={className}
      >
        {copied ? t('address.copied') : t('address.copy')}
      </button>
      <span role="status" className="sr-only">
        {copied && !onCopied && (copiedMessage ?? t('address.copied'))}
      </span>
    </>
  );
}
