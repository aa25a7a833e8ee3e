/** Long enough for the browser to start the save; the URL is useless to anyone after it. */
const REVOKE_AFTER_MS = 60_000;

/**
 * Saves bytes the page fetched itself (with the bearer token or the session, which a plain
 * link cannot send) under `fileName`: a blob URL handed to a `download` link.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
