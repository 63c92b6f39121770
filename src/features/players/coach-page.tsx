/**
 * Coach profile (spec "Coach profile"). The route writes the coach's user id with
 * hyphens for dots (nt-coach → nt.coach); the API answers a list, and the coach
 * whose user id (or id) matches is shown.
 */
import { Link, useParams } from 'react-router-dom';
import { PersonPhoto } from '@/components/images';
import { EmptyMessage, ErrorMessage, Loading } from '@/components/status';
import { useApi } from '@/hooks/use-api';
import { ApiError } from '@/lib/api-client';
import type { Coach } from '@/lib/api-types';
import { BioSection } from './bio-section';
import './players.css';
import { PageHeader } from '@/components/page-header';

export function CoachPage() {
  const { coachId = '' } = useParams();
  const dotted = coachId.replaceAll('-', '.');
  const { data, error, loading, reload } = useApi<Coach[]>(`/api/coaches/${encodeURIComponent(coachId)}`);

  let body;
  if (loading) body = <Loading label="Loading Coach Profile..." />;
  else if (error instanceof ApiError && error.status === 404) body = <NoCoach id={dotted} />;
  else if (error)
    body = <ErrorMessage onRetry={reload}>Error loading data: Failed to fetch coach data</ErrorMessage>;
  else {
    // An id that really contains a hyphen is matched as given too.
    const coach = (Array.isArray(data) ? data : []).find((c) =>
      [c.user_id, c.id].some((id) => id === dotted || id === coachId),
    );
    body = coach ? <CoachProfile coach={coach} /> : <NoCoach id={dotted} />;
  }

  return (
    <section className="page coach-page">
      <PageHeader title="Coach Profile" />
      {body}
    </section>
  );
}

function NoCoach({ id }: { id: string }) {
  return <EmptyMessage>No coach found with ID: {id}</EmptyMessage>;
}

function CoachProfile({ coach }: { coach: Coach }) {
  return (
    <div className="player-layout">
      <article className="card player-card coach-card" aria-labelledby="coach-name">
        <PersonPhoto kind="coaches" photo={coach.photo_id} name={coach.name} size={112} />
        <h2 id="coach-name" className="player-name">
          {coach.name}
        </h2>
        {coach.role && <p className="player-position">{coach.role}</p>}
        {coach.team_id && (
          <Link className="player-team" to={`/team/${encodeURIComponent(coach.team_id)}`}>
            Current Team: {coach.team_name ?? coach.team_id}
          </Link>
        )}
      </article>
      <BioSection id="coach-bio" bio={coach.bio} />
    </div>
  );
}
