/**
 * Whether a CSS media query matches, kept up to date as the window changes (a phone
 * turned sideways, a desk window narrowed). For layouts that differ in structure, not
 * only in style; plain styling belongs in CSS media queries.
 */
import { useCallback, useSyncExternalStore } from 'react';

/** Below the 768px breakpoint the CSS uses: a phone. */
export const PHONE_QUERY = '(max-width: 767px)';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** True on a phone-sized screen (below 768px). */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY);
}
