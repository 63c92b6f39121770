/**
 * The Team Management tab's teams on a phone: a league has dozens of teams, and their
 * cards made a column thousands of pixels long with the roster under the last one.
 * Here a searchable list of compact rows collapses, once a team is chosen, to that
 * team's card (with 'Change team' when there is another, and 'Delete Team'), and the roster
 * follows at once.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { TeamLogo } from '@/components/images';
import type { TeamSummary } from '@/lib/api-types';

export function TeamPicker({
  teams,
  selected,
  picking,
  mayDelete,
  deleting,
  deleteFailure,
  onSelect,
  onPicking,
  onDelete,
}: {
  teams: readonly TeamSummary[];
  selected: TeamSummary | null;
  /** The list is open again over a chosen team ('Change team'). */
  picking: boolean;
  /** A super admin, or an admin of the team's league. */
  mayDelete: (team: TeamSummary) => boolean;
  deleting: string | null;
  deleteFailure: { teamId: string; detail: string } | null;
  onSelect: (teamId: string) => void;
  onPicking: (picking: boolean) => void;
  onDelete: (team: TeamSummary) => void;
}) {
  const hintId = useId();
  const [term, setTerm] = useState('');
  const search = useRef<HTMLInputElement>(null);
  const chosen = useRef<HTMLDivElement>(null);
  const open = selected === null || picking;
  const wasOpen = useRef(open);

  // Opening the list starts in its search box; a choice brings its card (and the roster under it) up.
  useEffect(() => {
    if (open === wasOpen.current) return;
    wasOpen.current = open;
    if (open) search.current?.focus();
    else chosen.current?.scrollIntoView?.({ block: 'start' });
  }, [open]);

  if (!open) {
    const failure = deleteFailure?.teamId === selected.team_id ? deleteFailure.detail : '';
    return (
      <div ref={chosen} className="manager-tm-chosen">
        <div className="manager-tm-chosen-team">
          <span className="manager-team-crest" aria-hidden="true">
            <TeamLogo logo={selected.logo} name={selected.team_name} size={40} />
          </span>
          <span className="manager-team-text">
            <span className="manager-team-name">{selected.team_name}</span>{' '}
            <span className="manager-team-location">{selected.location}</span>{' '}
            {selected.description && <span className="manager-team-description">{selected.description}</span>}
          </span>
        </div>
        <div className="manager-tm-chosen-actions">
          {teams.length > 1 && (
            <button
              type="button"
              className="button button-secondary manager-small-button"
              onClick={() => onPicking(true)}
            >
              Change team
            </button>
          )}
          {mayDelete(selected) && (
            <button
              type="button"
              className="button button-secondary manager-small-button manager-button-danger"
              aria-label={`Delete Team ${selected.team_name}`}
              disabled={deleting === selected.team_id}
              onClick={() => onDelete(selected)}
            >
              Delete Team
            </button>
          )}
        </div>
        {failure && (
          <p className="manager-inline-error" role="alert">
            {failure}
          </p>
        )}
      </div>
    );
  }

  const wanted = term.trim().toLowerCase();
  const shown = teams.filter(
    (team) => team.team_name.toLowerCase().includes(wanted) || team.location.toLowerCase().includes(wanted),
  );
  return (
    <div className="manager-tm-picker">
      <div className="field manager-field">
        <label htmlFor={`${hintId}-search`}>Find a team</label>
        <input
          ref={search}
          id={`${hintId}-search`}
          type="search"
          placeholder="Team name or place"
          aria-describedby={hintId}
          value={term}
          autoComplete="off"
          onChange={(event) => setTerm(event.target.value)}
        />
        <span id={hintId} className="manager-field-hint">
          Select a team to manage its roster.
        </span>
      </div>
      {picking && selected && (
        <button
          type="button"
          className="button button-secondary manager-small-button manager-tm-keep"
          onClick={() => onPicking(false)}
        >
          Back to {selected.team_name}
        </button>
      )}
      {shown.length === 0 ? (
        <p className="status status-empty">No teams match “{term.trim()}”</p>
      ) : (
        <ul className="manager-team-picks">
          {shown.map((team) => (
            <li key={team.team_id}>
              <button
                type="button"
                className="manager-team-pick"
                aria-pressed={team.team_id === selected?.team_id}
                onClick={() => {
                  setTerm(''); // the next 'Change team' starts from the whole league
                  onSelect(team.team_id);
                }}
              >
                <span className="manager-team-crest" aria-hidden="true">
                  <TeamLogo logo={team.logo} name={team.team_name} size={32} />
                </span>
                <span className="manager-team-text">
                  <span className="manager-team-name">{team.team_name}</span>{' '}
                  <span className="manager-team-location">{team.location}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
