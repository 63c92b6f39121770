/**
 * Answer links, on Team Management: each player's personal link for answering whether
 * they can play without an account. Staff open a player's link to copy or share it, and
 * revoke one that reached the wrong person: the old link stops working and the player
 * gets a new one to send.
 */
import { useId, useState } from 'react';
import { ConfirmButton, LinkShare } from '@/components/invite-panel';
import { ErrorMessage, Loading } from '@/components/status';
import { useToast } from '@/components/toast';
import { useApi } from '@/hooks/use-api';
import { failureReason } from '@/lib/api-client';
import type { TeamSummary } from '@/lib/api-types';
import { sendStaffWrite } from '@/lib/staff-api';

/** One of GET /api/teams/{id}/availability-links's links. */
interface PlayerLink {
  player_id: string;
  name: string;
  number: number;
  link: string;
}

export function AvailabilityLinks({ team }: { team: TeamSummary }) {
  const headingId = useId();
  const toast = useToast();
  const path = `/api/teams/${encodeURIComponent(team.team_id)}/availability-links`;
  const links = useApi<{ links: PlayerLink[] }>(path);
  const [open, setOpen] = useState<string | null>(null);

  const revoke = async (player: PlayerLink) => {
    try {
      await sendStaffWrite('DELETE', `${path}/${encodeURIComponent(player.player_id)}`);
      toast('success', `${player.name}'s old link no longer works: send the new one`);
      links.reload();
    } catch (error) {
      console.warn(error); // handled: the toast shows it
      toast('error', `Failed to revoke the link: ${failureReason(error)}`);
    }
  };

  return (
    <section className="card answer-links" aria-labelledby={headingId}>
      <h2 id={headingId} className="invite-title">
        Answer links
      </h2>
      <p className="muted answer-links-intro">
        Players without an account say whether they can play from their own link. Send each player theirs;
        anyone with a link can answer for that player.
      </p>
      {links.loading && !links.data ? (
        <Loading label="Loading links..." />
      ) : links.error || !links.data ? (
        <ErrorMessage onRetry={links.reload}>Failed to load the links</ErrorMessage>
      ) : links.data.links.length === 0 ? (
        <p className="status status-empty">No players yet.</p>
      ) : (
        <ul className="answer-links-list">
          {links.data.links.map((player) => (
            <li key={player.player_id} className="answer-link">
              <div className="answer-link-head">
                <span className="answer-link-name">
                  <span className="muted">#{player.number}</span> {player.name}
                </span>
                <button
                  type="button"
                  className="button button-secondary manager-small-button"
                  aria-expanded={open === player.player_id}
                  onClick={() => setOpen(open === player.player_id ? null : player.player_id)}
                >
                  {open === player.player_id ? 'Hide link' : 'Show link'}{' '}
                  <span className="visually-hidden">for {player.name}</span>
                </button>
              </div>
              {open === player.player_id && (
                <div className="answer-link-body">
                  <LinkShare
                    link={player.link}
                    label={`${player.name}'s answer link`}
                    shareTitle={`${team.team_name}: can you play?`}
                    shareText={`${player.name}, tell ${team.team_name} whether you can play:`}
                  />
                  <ConfirmButton
                    label="Revoke link"
                    name={`Revoke link for ${player.name}`}
                    question={`Stop ${player.name}'s link working? They get a new one to send.`}
                    confirmLabel="Revoke"
                    danger
                    onConfirm={() => revoke(player)}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
