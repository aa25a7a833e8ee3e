import { useTranslation } from '../../shared/i18n/use-translation';
import { CopyButton } from '../../shared/ui/copy-button';
import type { ActionLink, FoundCode } from './normalize-message';

const CHIP =
  'inline-flex max-w-full items-center gap-2 rounded-full border border-emerald-300 bg-emerald-50 py-0.5 pr-1 pl-3 text-sm text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100';

const CHIP_BUTTON =
  'min-h-7 min-w-12 rounded-full bg-white px-3 py-1 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-300 hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus dark:bg-emerald-900 dark:text-emerald-100 dark:ring-emerald-700 dark:hover:bg-emerald-800';

/** The host a link leads to, shown before anyone leaves for it; undefined for a bad URL. */
export function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host || undefined;
  } catch {
    return undefined;
  }
}

/** "Code 482913 — Copy": the code, and a button that copies it, announced when copied. */
export function CodeChip({ code }: { code: FoundCode }) {
  const { t } = useTranslation();
  return (
    <span data-testid="code-chip" className={CHIP}>
      <span className="truncate">
        {t('inbox.code')}{' '}
        <span className="font-mono font-semibold tracking-wide">{code.value}</span>
      </span>
      <CopyButton
        text={code.value}
        label={t('inbox.copyCode', { code: code.value })}
        copiedMessage={t('inbox.codeCopied', { code: code.value })}
        className={CHIP_BUTTON}
      />
    </span>
  );
}

/**
 * "Open link · shop.example": the message's call to act, opened in a new tab, with the host
 * it leads to in view before anyone follows it. Its accessible name is what it shows (so
 * speech input can say it), and that it opens a new tab.
 */
export function OpenLinkButton({ link }: { link: ActionLink }) {
  const { t } = useTranslation();
  const host = hostOf(link.url);
  if (!host) return null;
  return (
    <a
      data-testid="open-link"
      href={link.url}
      target="_blank"
      rel="noopener noreferrer"
      title={link.url}
      className={`${CHIP} pr-3 font-medium hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus dark:hover:bg-emerald-900`}
    >
      <span className="shrink-0 whitespace-nowrap">{t('inbox.openLink')}</span>
      <span className="truncate font-normal text-emerald-800 dark:text-emerald-200">· {host}</span>
      <span className="sr-only"> {t('inbox.newTab')}</span>
    </a>
  );
}

/** The likeliest code and the call to act of a message, where it has them. */
export function CodeAndLink({
  codes,
  link,
  className,
}: {
  codes: readonly FoundCode[] | undefined;
  link: ActionLink | null | undefined;
  className: string;
}) {
  const code = codes?.[0];
  if (!code && !link) return null;
  return (
    <div className={`flex flex-wrap items-center gap-2 ${className}`}>
      {code && <CodeChip code={code} />}
      {link && <OpenLinkButton link={link} />}
    </div>
  );
}
