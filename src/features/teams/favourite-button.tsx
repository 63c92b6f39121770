/**
 * The star that makes a team the favourite one (stored as favoriteTeam); pressing it
 * again clears it. Only a signed-in user has a favourite team (spec section 1), so
 * visitors do not see the star.
 */
import { useSession } from '@/lib/session';

export function FavouriteButton({ teamId, teamName }: { teamId: string; teamName: string }) {
  const { favoriteTeam, setFavoriteTeam, isAuthenticated } = useSession();
  if (!isAuthenticated) return null;
  const on = favoriteTeam === teamId;
  return (
    <button
      type="button"
      className="team-favourite"
      aria-pressed={on}
      aria-label="Favourite team"
      title={on ? `${teamName} is your favourite team` : `Make ${teamName} your favourite team`}
      onClick={() => setFavoriteTeam(on ? null : teamId)}
    >
      <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9L12 3Z"
          fill={on ? 'var(--accent)' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
