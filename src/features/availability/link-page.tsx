/**
 * /availability/:token: the page a player's personal link opens, for answering without
 * an account. It shows the player's name and team and their upcoming matches, each with
 * the three answers. With no connection an answer is kept on this device and sent when
 * the connection comes back (or the link is opened again): the server keeps the same
 * answer sent twice as one. A revoked or mangled link says to ask the coach.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useParams } from 'react-router-dom';
import type { PlayerMatch } from '../../../api/data/availability';
import type { AvailabilityAnswer } from '../../../db/schema';
import { ToastProvider } from '@/components/toast';
import { EmptyMessage, ErrorMessage, Loading } from '@/components/status';
import { MatchAnswerList, type SendAnswer } from '@/components/match-answer-card';
import { useApi } from '@/hooks/use-api';
import { ApiError, apiJson, isNetworkFailure } from '@/lib/api-client';

/** What GET /api/availability/{token} answers. */
interface LinkMatches {
  player_id: string;
  name: string;
  team_id: string;
  team_name: string;
  matches: PlayerMatch[];
}

interface PendingAnswer {
  matchId: number;
  playerId: string;
  answer: AvailabilityAnswer;
  note: string;
}

/** Answers kept on this device until they reach the server, per link. */
const pendingKey = (token: string) => `touchline.availability.${token}`;

function pendingOf(token: string): PendingAnswer[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(pendingKey(token)) ?? '[]');
    return Array.isArray(stored) ? (stored as PendingAnswer[]) : [];
  } catch {
    return [];
  }
}

function keepPending(token: string, answers: PendingAnswer[]): void {
  if (answers.length === 0) localStorage.removeItem(pendingKey(token));
  else localStorage.setItem(pendingKey(token), JSON.stringify(answers));
}

const putAnswer = (token: string, pending: PendingAnswer) =>
  apiJson(
    `/api/matches/${pending.matchId}/availability/${encodeURIComponent(pending.playerId)}?token=${encodeURIComponent(token)}`,
    { method: 'PUT', body: { answer: pending.answer, note: pending.note } },
  );

/** Sends the answers kept on this device; those the server refuses are dropped, not retried. */
async function sendPending(token: string): Promise<void> {
  for (const pending of pendingOf(token)) {
    try {
      await putAnswer(token, pending);
    } catch (error) {
      if (isNetworkFailure(error)) return;
      console.warn(error); // handled: the answer shown after the reload is the server's
    }
    keepPending(
      token,
      pendingOf(token).filter((kept) => kept.matchId !== pending.matchId),
    );
  }
}

export function AvailabilityLinkPage() {
  const { token = '' } = useParams();
  return (
    <ToastProvider>
      <LinkAnswers token={token} />
    </ToastProvider>
  );
}

function LinkAnswers({ token }: { token: string }) {
  const { data, error, loading, reload } = useApi<LinkMatches>(
    `/api/availability/${encodeURIComponent(token)}`,
  );
  const sending = useRef(false);

  const flush = useCallback(async () => {
    if (sending.current || pendingOf(token).length === 0) return;
    sending.current = true;
    try {
      await sendPending(token);
    } finally {
      sending.current = false;
    }
    if (pendingOf(token).length === 0) reload();
  }, [token, reload]);

  useEffect(() => {
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush]);

  const send: SendAnswer = async (match, answer, note) => {
    const pending = { matchId: match.match_id, playerId: data?.player_id ?? '', answer, note };
    const keep = () =>
      keepPending(token, [...pendingOf(token).filter((kept) => kept.matchId !== match.match_id), pending]);
    if (navigator.onLine === false) {
      keep();
      return { queued: true };
    }
    try {
      await putAnswer(token, pending);
      return { queued: false };
    } catch (failure) {
      if (!isNetworkFailure(failure)) throw failure;
      keep();
      return { queued: true };
    }
  };

  if (loading && !data) return <Loading label="Loading your matches..." />;
  if (error && !data) {
    if (error instanceof ApiError && error.status === 401) {
      return (
        <section className="page availability-link-page">
          <h1 className="page-title">Can you play?</h1>
          <p className="status status-error" role="alert">
            {error.detailText('This link no longer works: ask your coach for a new one')}
          </p>
        </section>
      );
    }
    return <ErrorMessage onRetry={reload}>Failed to load your matches</ErrorMessage>;
  }
  if (!data) return null;
  return (
    <section className="page availability-link-page">
      <header className="page-header">
        <div>
          <h1 className="page-title">Can you play, {data.name}?</h1>
          <p className="page-subtitle">{data.team_name}</p>
        </div>
      </header>
      {data.matches.length === 0 ? (
        <EmptyMessage>No upcoming matches to answer for</EmptyMessage>
      ) : (
        <MatchAnswerList matches={data.matches} send={send} />
      )}
    </section>
  );
}
