import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useReturnFocus } from './use-return-focus';
import { StrokeIcon } from '../stroke-icon';

const CLOSE_ICON = 'M6 6l12 12M18 6L6 18';

/** Whether a dialog is open, and how it asks to open or close. */
export interface DialogState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The first field a dialog asks the reader to fill in, if it has one. */
const FIRST_FIELD =
  'input:not([type=checkbox],[type=radio],[type=hidden],[readonly],[disabled]), textarea:not([readonly])';

/**
 * A modal dialog (Radix): focus moves in and is trapped while it is open, Escape and the
 * close button close it, and focus returns to what opened it. A dialog with a field to fill
 * in (sign in, a custom alias, forwarding) starts there; the others start on Close. Its title and close button
 * stay in view: only the content below them scrolls when the dialog is taller than the
 * screen (a phone's upgrade dialog is twice its height).
 */
export function AppDialog({
  open,
  onOpenChange,
  title,
  description,
  wide = false,
  children,
}: DialogState & {
  title: string;
  description?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
        <Dialog.Content
          {...returnFocus}
          onOpenAutoFocus={(event) => {
            returnFocus.onOpenAutoFocus();
            const content = event.currentTarget;
            const field =
              content instanceof HTMLElement
                ? content.querySelector<HTMLElement>(FIRST_FIELD)
                : null;
            if (!field) return;
            event.preventDefault();
            field.focus();
          }}
          // Radix moves focus without scrolling (Tab from the last control wraps to Close):
          // whatever takes focus is brought into view in a dialog taller than the screen.
          onFocus={(event) => event.target.scrollIntoView({ block: 'nearest' })}
          // Without a description Radix would warn; the title alone names the dialog then.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={`fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white text-slate-900 shadow-xl dark:bg-slate-900 dark:text-slate-100 ${wide ? 'max-w-3xl' : 'max-w-md'}`}
        >
          <div className="flex items-start gap-3 px-5 pt-5 pb-4 sm:px-6 sm:pt-6">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-xl font-semibold">{title}</Dialog.Title>
              {description && (
                <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                  {description}
                </Dialog.Description>
              )}
            </div>
            <Dialog.Close
              aria-label={t('dialog.close')}
              className="flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-focus dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <StrokeIcon path={CLOSE_ICON} />
            </Dialog.Close>
          </div>
          <div
            data-testid="dialog-body"
            className="min-h-0 overflow-y-auto px-5 pb-5 sm:px-6 sm:pb-6"
          >
            {children}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
