/**
 * "My matches" on a player's home screen: their team's upcoming matches, each with three
 * buttons (Available, Maybe, Unavailable) and an optional note, until the team's answer
 * deadline. An answer made without a connection waits in the outbox and is sent once.
 * Nothing for a signed-in user who is no player.
 */
import type { PlayerMatch } from '../../../api/data/availability';
import { ToastProvider } from '@/components/toast';
import { EmptyMessage, ErrorMessage, Loading } from '@/components/status';
import { answerLabel, MatchAnswerList, type SendAnswer } from '@/components/match-answer-card';
import { useApi } from '@/hooks/use-api';
import { submitStaffWrite } from '@/lib/page-outbox';

interface MyMatches {
  player_id: string | null;
  matches: PlayerMatch[];
}

export function MyMatches() {
  return (
    <ToastProvider>
      <MyMatchList />
    </ToastProvider>
  );
}

function MyMatchList() {
  const { data, error, loading, reload } = useApi<MyMatches>('/api/me/matches');
  if (loading && !data) return <Loading label="Loading your matches..." />;
  if (error && !data) return <ErrorMessage onRetry={reload}>Failed to load your matches</ErrorMessage>;
  const playerId = data?.player_id;
  if (!data || !playerId) return null;
  const send: SendAnswer = async (match, answer, note) =>
    submitStaffWrite({
      kind: 'availability',
      method: 'PUT',
      path: `/api/matches/${match.match_id}/availability/${encodeURIComponent(playerId)}`,
      body: { answer, note },
      label: answerLabel(match, answer),
    });
  return (
    <section className="my-matches" aria-labelledby="my-matches-title">
      <h2 id="my-matches-title" className="main-section-title">
        My matches
      </h2>
      {data.matches.length === 0 ? (
        <EmptyMessage>No upcoming matches to answer for</EmptyMessage>
      ) : (
        <MatchAnswerList matches={data.matches} send={send} />
      )}
    </section>
  );
}
