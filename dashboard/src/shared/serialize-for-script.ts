/**
 * JSON to put inside a `<script>` element (JSON-LD, the prerendered page's state): `<`
 * escaped, so no text can close the element early (`</script>`) or open a comment in it.
 */
export function serializeForScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
