/**
 * Logs a failed load with its text from spec section 8, where the specification has
 * the text logged rather than shown (the screen shows its own text, or falls back).
 * console.warn, as every handled failure is logged; console.error is for bugs.
 */
import { useEffect } from 'react';

export function useLoggedFailure(error: Error | undefined, message: string): void {
  useEffect(() => {
    if (error) console.warn(message, error);
  }, [error, message]);
}
