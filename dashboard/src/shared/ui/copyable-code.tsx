import { useTranslation } from '../i18n/use-translation';
import { CopyButton } from './copy-button';

/**
 * Code to copy (a token, a curl example): the code wraps within its box (a box that scrolled
 * sideways hid the end of a token on a phone, and could not be scrolled from the keyboard),
 * and the Copy button stands beside it, never over a line of it, as tall as a one-line box.
 * The button is named "Copy {label}"; `copyLabel` names it whole where that would not read
 * (an example named by what it does).
 */
export function CopyableCode({
  code,
  label,
  copyLabel,
}: {
  code: string;
  label: string;
  copyLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex items-start gap-2">
      <pre className="min-w-0 flex-1 rounded-lg whitespace-pre-wrap wrap-anywhere bg-slate-900 p-3 text-sm text-slate-100">
        <code>{code}</code>
      </pre>
      <CopyButton
        text={code}
        label={copyLabel ?? t('apiDocs.copyNamed', { name: label })}
        className="min-h-11 shrink-0 rounded-md border border-slate-300 px-2.5 py-1.5 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-focus dark:border-slate-600 dark:hover:bg-slate-800"
      />
    </div>
  );
}
