import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from '../i18n/use-translation';
import { useReturnFocus } from './use-return-focus';
import { DANGER_BUTTON, SECONDARY_BUTTON } from './button-classes';
import { busyButton } from './busy-button';

/**
 * The generic confirm dialog: a question, Cancel, and the action. While the
 * action runs its button says so and neither can be pressed again.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busy,
  onConfirm,
  onOpenChange,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content
          {...returnFocus}
          role="alertdialog"
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 text-slate-900 shadow-xl dark:bg-slate-900 dark:text-slate-100"
        >
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-600 dark:text-slate-300">
            {message}
          </Dialog.Description>
          <div className="mt-5 flex justify-end gap-2">
            <Dialog.Close className={SECONDARY_BUTTON} {...busyButton(busy)}>
              {t('dialog.cancel')}
            </Dialog.Close>
            <button type="button" className={DANGER_BUTTON} {...busyButton(busy, onConfirm)}>
              {busy ? t('loaders.loading') : confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
