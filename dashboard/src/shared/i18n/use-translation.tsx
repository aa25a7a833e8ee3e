import i18next, { type TFunction } from 'i18next';
import {
  cloneElement,
  Fragment,
  useMemo,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';

// The app's binding of i18next to React: the two things it uses of react-i18next, in
// 1 KB instead of 7 (issue 24, every page's JavaScript). Components re-render when the
// language changes; i18next is started (with every namespace loaded) before the first
// render, and changeLanguage loads a language's texts before it announces the change.

const listeners = new Set<() => void>();
let version = 0;
let bound = false;

function subscribe(listener: () => void) {
  if (!bound) {
    bound = true;
    i18next.on('languageChanged', () => {
      version += 1;
      for (const notify of listeners) notify();
    });
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentVersion = () => version;

/**
 * Texts asked for with no options, kept once looked up: i18next's `t` takes about 20 µs a
 * call (options, nesting, plurals; measured in Node, several times that on a phone), and a
 * page asks for hundreds on every render. Keyed by language and namespace, emptied whenever
 * texts are added; a missing key (i18next answers with the key itself) is never kept, so
 * texts that load later are found.
 */
const plainTexts = new Map<string, string>();
let watchingStore = false;

function keepPlainTexts(t: TFunction, namespace: string | undefined): TFunction {
  if (!watchingStore) {
    watchingStore = true;
    i18next.store.on('added', () => plainTexts.clear());
  }
  // t(key), t(key, options), t(key, default, options): only the first is kept. (TFunction's
  // overloads and brand meet a plain function type only through unknown.)
  const lookUp = t as unknown as (...args: unknown[]) => unknown;
  const kept = (key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== 'string') return lookUp(key, ...rest);
    const id = `${i18next.language}\u0000${namespace ?? ''}\u0000${key}`;
    let text = plainTexts.get(id);
    if (text === undefined) {
      text = String(lookUp(key));
      if (text !== key) plainTexts.set(id, text);
    }
    return text;
  };
  return kept as unknown as TFunction;
}

/** `t` for a namespace (the app's own by default), and i18next itself. */
export function useTranslation(namespace?: string): { t: TFunction; i18n: typeof i18next } {
  const seen = useSyncExternalStore(subscribe, currentVersion, currentVersion);
  const t = useMemo(
    () => keepPlainTexts(i18next.getFixedT(null, namespace ?? null), namespace),
    // A new `t` for each language (`seen` counts the changes), so that what depends on it
    // follows the change.
    [namespace, seen],
  );
  return { t, i18n: i18next };
}

/** A class component's texts: renders `children` with `t`, again when the language changes. */
export function Translation({ children }: { children: (t: TFunction) => ReactNode }) {
  const { t } = useTranslation();
  return children(t);
}

/**
 * A text whose `<name>…</name>` tags (not nested) become the elements `components` gives
 * for them, with the tagged words inside; everything else is text, as React escapes it.
 */
export function TranslatedWithTags({
  i18nKey,
  components,
}: {
  i18nKey: string;
  components: Record<string, ReactElement<{ children?: ReactNode }>>;
}) {
  const { t } = useTranslation();
  const parts: ReactNode[] = [];
  const text = t(i18nKey);
  const tag = /<(\w+)>(.*?)<\/\1>/g;
  let last = 0;
  for (const match of text.matchAll(tag)) {
    parts.push(text.slice(last, match.index));
    const element = components[match[1]!];
    parts.push(element ? cloneElement(element, { key: match.index }, match[2]) : match[0]);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
