/**
 * The one way a manager's form sends a write: bearer token and Idempotency-Key, then the
 * memory cache forgotten, a toast, and the server's reason kept for the form to show.
 */
import { useCallback, useState } from 'react';
import { useToast } from '@/components/toast';
import { ApiError, clearResponseCache } from '@/lib/api-client';
import { sendStaffWrite } from '@/lib/staff-api';

export type WriteResult<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface WriteMessages<T> {
  /** The success toast; none when left out (a preview changes nothing). */
  success?: string | ((value: T) => string);
  failure: string;
}

export interface Write {
  send<T>(
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    body: unknown,
    messages: WriteMessages<T>,
  ): Promise<WriteResult<T>>;
  /** A write is on its way: its buttons are off. */
  pending: boolean;
  /** The server's reason for the last failure ('' when none, or none given). */
  failure: string;
  clearFailure(): void;
}

export function useWrite(): Write {
  const toast = useToast();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState('');

  const send = useCallback(
    async <T>(
      method: 'POST' | 'PUT' | 'DELETE',
      path: string,
      body: unknown,
      messages: WriteMessages<T>,
    ): Promise<WriteResult<T>> => {
      setPending(true);
      setFailure('');
      try {
        const value = await sendStaffWrite<T>(method, path, body);
        clearResponseCache(); // public screens cache teams, rosters, leagues, tables and fixtures in memory
        const { success } = messages;
        if (success) toast('success', typeof success === 'function' ? success(value) : success);
        return { ok: true, value };
      } catch (error) {
        console.warn(error);
        toast('error', messages.failure);
        setFailure(error instanceof ApiError ? error.detailText('') : '');
        return { ok: false, error };
      } finally {
        setPending(false);
      }
    },
    [toast],
  );
  const clearFailure = useCallback(() => setFailure(''), []);
  return { send, pending, failure, clearFailure };
}

/** The server refused because of the data's state (409), e.g. a season that has matches. */
export function isConflict(result: WriteResult<unknown>): boolean {
  return !result.ok && result.error instanceof ApiError && result.error.status === 409;
}
