/**
 * Turns an eager `{ query: '?url' }` glob of JSON files into loaders that fetch them. Texts and
 * content are data: fetched as JSON they stay out of the JavaScript the browser compiles,
 * and their content-hashed URLs are cached for good. (The prerender imports them instead.)
 */
export function fetchJsonFiles<T>(urls: Record<string, string>): Record<string, () => Promise<T>> {
  return Object.fromEntries(
    Object.entries(urls).map(([file, url]) => [
      file,
      async () => {
        const response = await fetch(url);
        if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
        return (await response.json()) as T;
      },
    ]),
  );
}
