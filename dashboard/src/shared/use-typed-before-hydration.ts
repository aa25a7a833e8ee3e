import { useEffect, useEffectEvent, type RefObject } from 'react';

/**
 * Takes up what a visitor typed into a prerendered page's box before the page's script ran.
 * React keeps such text in the box when it hydrates, but not in the state, and raises no
 * change for it: a controlled box would filter nothing, or submit empty and then clear what
 * the visitor sees. Once hydrated, `takeUp` gets the box's text, if it has any.
 */
export function useTypedBeforeHydration(
  box: RefObject<HTMLInputElement | null>,
  takeUp: (text: string) => void,
): void {
  const onTyped = useEffectEvent(takeUp);
  useEffect(() => {
    const typed = box.current?.value ?? '';
    if (typed !== '') onTyped(typed);
  }, [box]);
}
