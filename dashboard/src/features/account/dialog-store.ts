import { createStore } from '../../shared/create-store';

/** The dialogs that any part of the app can open. */
export type AppDialogName =
  | 'upgrade'
  | 'recovery'
  | 'login'
  | 'account'
  | 'alias'
  | 'forwarding'
  | 'webhooks'
  | 'api-docs'
  | 'profile';

const open = createStore<AppDialogName | null>(null);

/** Opens one dialog (closing any other: one at a time), or closes it with null. */
export function openDialog(name: AppDialogName | null): void {
  open.set(name);
}

export function useOpenDialog(): AppDialogName | null {
  return open.use();
}
