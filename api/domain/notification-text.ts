/**
 * What each notification says: its title, one sentence of body and the page
 * it opens. Pure, so every wording is tested once and shared by the bell and Web Push.
 */
import type { NotificationKind } from '../../db/schema';

export interface NotificationMessage {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  /** A result's match: its league's admins are sent to its row of their decisions inbox instead. */
  matchId?: number;
  /**
   * The work it asks for (matchTask): it reads as done once that work is done, and a newer
   * notification of the same task and kind replaces it.
   */
  task?: string;
}

/**
 * The work a match's result asks of people: a report sent ('report'), a report reviewed
 * ('review'), or one of two differing reports chosen ('decide').
 */
export type MatchTask = 'report' | 'review' | 'decide';
export const MATCH_TASKS: readonly MatchTask[] = ['report', 'review', 'decide'];
export const matchTask = (task: MatchTask, matchId: number) => `${task}:${matchId}`;

/** The match as a sentence names it. */
export interface MatchNames {
  id: number;
  homeName: string;
  awayName: string;
}

/** The kinds someone who follows a team is sent, whatever their role. */
export const FOLLOWER_KINDS: readonly NotificationKind[] = ['match_moved', 'result_confirmed'];

/** The kinds a player is sent about their own matches, besides what they follow. */
export const PLAYER_KINDS: readonly NotificationKind[] = ['availability_reminder', 'squad_announced'];

/** Labels of the kinds, for the settings that mute them. */
export const NOTIFICATION_KIND_LABELS: Readonly<Record<NotificationKind, string>> = {
  report_to_review: 'A result to review',
  report_approved: 'Your result approved',
  report_rejected: 'Your report rejected',
  result_confirmed: 'Result confirmed by matching reports',
  reports_differ: 'Reports that differ',
  report_overdue: 'Overdue reports',
  match_moved: 'Match moved or postponed',
  player_suspended: 'Player suspended',
  availability_reminder: 'Reminders to say whether you can play',
  squad_announced: 'Squads announced',
};

/**
 * The review of this match in the Pending Results tab, and the report form with this
 * match chosen: a notification opens the match it is about, not a list to search.
 * The tabs read `?match=` (src/features/manager/pending, src/features/manager/report).
 */
const pendingReview = (match: MatchNames) => `/manager/pending-results?match=${match.id}`;
const reportForm = (match: MatchNames) => `/manager/match-report?match=${match.id}`;

/** The row of a match in a league secretary's "Needs decision" inbox (src/features/manager/decisions). */
export const decisionLink = (leagueId: string, matchId: number) =>
  `/manager/decisions?league=${encodeURIComponent(leagueId)}&match=${matchId}`;

/** The message as a league's admins get it: the same words, opening the match's row in their inbox. */
export function forLeagueAdmins(message: NotificationMessage, leagueId: string): NotificationMessage {
  return message.matchId === undefined
    ? message
    : { ...message, link: decisionLink(leagueId, message.matchId) };
}

const fixture = (match: MatchNames) => `${match.homeName} vs ${match.awayName}`;
const result = (match: MatchNames, home: number, away: number) =>
  `${match.homeName} ${home}–${away} ${match.awayName}`;
const matchLink = (match: MatchNames) => `/match/${match.id}`;

export function reportToReview(
  match: MatchNames,
  reporter: string,
  score: { home: number; away: number },
): NotificationMessage {
  return {
    kind: 'report_to_review',
    title: 'Result to review',
    body: `${reporter} reported ${result(match, score.home, score.away)}. Approve or reject it.`,
    link: pendingReview(match),
    matchId: match.id,
    task: matchTask('review', match.id),
  };
}

/** `reason`: why a rejection was made, as the reviewer wrote it (empty: none given). */
export function reportReviewed(
  match: MatchNames,
  approved: boolean,
  reviewer: string,
  score: { home: number; away: number },
  reason = '',
): NotificationMessage {
  return approved
    ? {
        kind: 'report_approved',
        title: 'Result approved',
        body: `${reviewer} approved ${result(match, score.home, score.away)}.`,
        link: matchLink(match),
      }
    : {
        kind: 'report_rejected',
        title: 'Report rejected',
        // The reason last, in the reviewer's own words and punctuation.
        body: `${reviewer} rejected your report of ${result(match, score.home, score.away)}. Send a corrected report.${reason ? ` Reason: “${reason}”` : ''}`,
        // It asks for a corrected report: the form, with this match chosen.
        link: reportForm(match),
        task: matchTask('report', match.id),
      };
}

export function resultConfirmed(
  match: MatchNames,
  score: { home: number; away: number },
): NotificationMessage {
  return {
    kind: 'result_confirmed',
    title: 'Result confirmed',
    body: `Both teams reported ${result(match, score.home, score.away)}: the result is approved.`,
    link: matchLink(match),
  };
}

/** Told to those who follow a team (not its staff): the result is now final. */
export function resultFinal(match: MatchNames, score: { home: number; away: number }): NotificationMessage {
  return {
    kind: 'result_confirmed',
    title: 'Result confirmed',
    body: `${result(match, score.home, score.away)} is the confirmed result.`,
    link: matchLink(match),
  };
}

export function reportsDiffer(match: MatchNames, secondReporter: string): NotificationMessage {
  return {
    kind: 'reports_differ',
    title: 'Reports differ',
    body: `${secondReporter} reported ${fixture(match)} differently from the first report. Compare them and approve one.`,
    link: pendingReview(match),
    matchId: match.id,
    task: matchTask('decide', match.id),
  };
}

/** `waitingFor`: a report nobody has sent, or a review nobody has made. */
export function reportOverdue(match: MatchNames, waitingFor: 'report' | 'review'): NotificationMessage {
  return waitingFor === 'report'
    ? {
        kind: 'report_overdue',
        title: 'Report overdue',
        body: `${fixture(match)} has no report and its deadline has passed. Send the result now.`,
        link: reportForm(match),
        matchId: match.id,
        task: matchTask('report', match.id),
      }
    : {
        kind: 'report_overdue',
        title: 'Review overdue',
        body: `The result of ${fixture(match)} is still waiting for your review and its deadline has passed.`,
        link: pendingReview(match),
        matchId: match.id,
        task: matchTask('review', match.id),
      };
}

/**
 * A league secretary's reminder to the teams: `overdue` once the deadline has passed,
 * else the report or review is only awaited. Team staff keep their own links.
 */
export function resultReminder(
  match: MatchNames,
  waitingFor: 'report' | 'review',
  overdue: boolean,
): NotificationMessage {
  const late = overdue ? ' Its deadline has passed.' : '';
  return waitingFor === 'report'
    ? {
        kind: 'report_overdue',
        title: overdue ? 'Report overdue' : 'Report awaited',
        body: `The league asks for the result of ${fixture(match)}.${late} Send the result now.`,
        link: reportForm(match),
        task: matchTask('report', match.id),
      }
    : {
        kind: 'report_overdue',
        title: overdue ? 'Review overdue' : 'Review awaited',
        body: `The league asks you to review the result of ${fixture(match)}.${late} Approve or reject it.`,
        link: pendingReview(match),
        task: matchTask('review', match.id),
      };
}

export function matchMoved(match: MatchNames, postponed: boolean, location: string): NotificationMessage {
  return postponed
    ? {
        kind: 'match_moved',
        title: 'Match postponed',
        body: `${fixture(match)} is postponed until a new date is set.`,
        link: matchLink(match),
      }
    : {
        kind: 'match_moved',
        title: 'Match moved',
        body: `${fixture(match)} has a new date or place${location ? ` (${location})` : ''}. Check the fixture.`,
        link: matchLink(match),
      };
}

/** To a player who answered for a match that has since moved: their answer waits to be confirmed. */
export function answerToConfirm(match: MatchNames, postponed: boolean): NotificationMessage {
  return {
    kind: 'match_moved',
    title: postponed ? 'Match postponed: your answer' : 'Match moved: confirm you can play',
    body: postponed
      ? `${fixture(match)} is postponed. Answer again once it has a new date.`
      : `${fixture(match)} has a new date or place. Date changed — please confirm whether you can play.`,
    link: '/main',
  };
}

export function playerSuspended(
  player: string,
  teamId: string,
  reason: string,
  matches: number,
): NotificationMessage {
  return {
    kind: 'player_suspended',
    title: 'Player suspended',
    body: `${player} is suspended for ${matches} ${matches === 1 ? 'match' : 'matches'}: ${reason}.`,
    link: `/team/${teamId}`,
  };
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A kick-off or a deadline as a notice names it, "Sat 14 Mar, 15:00", in the server's
 * time zone (TZ, else UTC): a notice is written once for everyone who reads it. Spelled
 * out rather than by Intl, whose wording changes with the ICU version.
 */
export function noticeTime(at: string): string {
  const date = new Date(at);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${DAYS[date.getDay()]} ${date.getDate()} ${MONTHS[date.getMonth()]}, ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** One team's match, as a notice to its players names it. */
export interface TeamFixture {
  matchId: number;
  date: string;
  location: string;
  opponentName: string;
}

/** "Sat 14 Mar, 15:00 v Riverside Rovers" */
const fixtureOf = (fixture: TeamFixture) => `${noticeTime(fixture.date)} v ${fixture.opponentName}`;

/** The work a reminder asks of one player: their answer for the match. */
export const answerTask = (matchId: number, playerId: string) => `answer:${matchId}:${playerId}`;

/** To a player who has not said whether they can play (or must confirm after a date change). */
export function answerReminder(
  fixture: TeamFixture,
  playerId: string,
  deadline: string,
): NotificationMessage {
  return {
    kind: 'availability_reminder',
    title: 'Can you play?',
    body: `${fixtureOf(fixture)}: tell your coach whether you can play by ${noticeTime(deadline)}.`,
    link: '/main',
    task: answerTask(fixture.matchId, playerId),
  };
}

/** To the players of a saved selection: those picked, and (when the coach chooses) the others. */
export function squadAnnounced(fixture: TeamFixture, selected: boolean): NotificationMessage {
  const where = fixture.location ? `, at ${fixture.location}` : '';
  return {
    kind: 'squad_announced',
    title: selected ? 'You are in the squad' : 'Squad announced',
    body: selected
      ? `You are in the squad for ${fixtureOf(fixture)}${where}.`
      : `The squad for ${fixtureOf(fixture)} is picked: you are not in it this time.`,
    link: `/match/${fixture.matchId}`,
  };
}
