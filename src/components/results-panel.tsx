/**
 * The results panel of the team page and the signed-in home (spec section 2): the
 * team record first, then three independent sections — the latest approved result,
 * the latest news (the team's own feed when it has a website, else league news) and
 * the latest video of its channel — each with its own loading, error and empty state.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useApi } from '@/hooks/use-api';
import { useLoggedFailure } from '@/hooks/use-logged-failure';
import { ApiError, apiFetch, isAbort } from '@/lib/api-client';
import type { Match, NewsItem, Team } from '@/lib/api-types';
import { formatDate } from '@/lib/format';
import { useServerAnswer } from '@/lib/server-answers';
import { useSession } from '@/lib/session';
import { MatchCard } from './match-card';
import { EmptyMessage, ErrorMessage, Loading } from './status';
import './results-panel.css';

const NEWS_LIMIT = 3;

interface Video {
  video_id: string;
  title: string;
}

class FormatError extends Error {}

/**
 * Reads a news or video answer. Feed errors are JSON `{ detail: { message } }`; an
 * answer that is not JSON (a proxy's HTML page, say) is named by its content type.
 */
async function loadFeed(path: string, signal: AbortSignal): Promise<unknown> {
  const response = await apiFetch(path, { signal });
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() || 'unknown';
  if (!/[/+]json$/i.test(type)) throw new FormatError(`Unexpected response format: ${type}`);
  const body: unknown = await response.json().catch(() => {
    throw new FormatError(`Unexpected response format: ${type}`);
  });
  if (!response.ok) {
    const detail = body !== null && typeof body === 'object' && 'detail' in body ? body.detail : undefined;
    throw new ApiError(response.status, detail, `${response.status} ${response.statusText}`);
  }
  return body;
}

function feedErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.detailText(fallback);
  if (error instanceof FormatError) return error.message;
  return fallback;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

interface FeedState<T> {
  path: string | null;
  data?: T;
  error?: string;
}

/**
 * Like useApi, for the feed calls, whose errors need the reply's content type;
 * `check` turns the JSON into the expected shape or throws a FormatError. A feed the
 * server reads itself (`rendered`: the league's own news, not an outside site) comes
 * with a page the server rendered, and then loads nothing at first.
 */
function useFeed<T>(path: string | null, check: (body: unknown) => T, fallback: string, rendered = false) {
  const served = useServerAnswer(rendered ? path : null);
  const [state, setState] = useState<FeedState<T>>(() => {
    if (!served || path === null) return { path: null };
    try {
      return { path, data: check(served.data) };
    } catch {
      return { path: null };
    }
  });
  const servedPath = useRef(state.path);
  useEffect(() => {
    if (path === null) return;
    if (servedPath.current === path) return; // the server's answer is shown
    servedPath.current = null;
    const controller = new AbortController();
    loadFeed(path, controller.signal)
      .then(check)
      .then(
        (data) => setState({ path, data }),
        (error: unknown) => {
          if (isAbort(error)) return;
          console.warn(error); // handled: the section shows the error
          setState({ path, error: feedErrorText(error, fallback) });
        },
      );
    return () => controller.abort();
  }, [path, check, fallback]);
  const current = path !== null && state.path === path;
  return {
    data: current ? state.data : undefined,
    error: current ? state.error : undefined,
    loading: path !== null && !current,
  };
}

function checkNews(body: unknown): NewsItem[] {
  if (!Array.isArray(body)) throw new FormatError(`Unexpected response format: ${kindOf(body)}`);
  return body.filter(
    (item: unknown): item is NewsItem =>
      item !== null && typeof item === 'object' && 'title' in item && typeof item.title === 'string',
  );
}

function checkVideo(body: unknown): Video | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new FormatError(`Unexpected response format: ${kindOf(body)}`);
  }
  const videoId = 'video_id' in body ? body.video_id : undefined;
  const title = 'title' in body ? body.title : undefined;
  if (typeof videoId !== 'string' || videoId === '') return null;
  return { video_id: videoId, title: typeof title === 'string' ? title : '' };
}

/** Without a team id the panel is the favourite team's; with neither it says so (spec section 8). */
export function ResultsPanel({ teamId }: { teamId?: string | null }) {
  const { favoriteTeam } = useSession();
  const id = teamId || favoriteTeam;
  const team = useApi<Team>(id ? `/api/teams/${encodeURIComponent(id)}` : null);
  useLoggedFailure(
    team.error,
    team.error instanceof ApiError
      ? `Failed to fetch team data: ${team.error.status}`
      : 'Failed to fetch team data',
  );
  return (
    <div className="results-panel">
      {!id ? (
        <ErrorMessage>No team ID available</ErrorMessage>
      ) : team.loading ? (
        <Loading label="Loading team..." />
      ) : team.error || !team.data ? (
        <ErrorMessage onRetry={team.reload}>Failed to load team data</ErrorMessage>
      ) : (
        <>
          <LatestResult teamId={team.data.team_id} />
          <LatestNews team={team.data} />
          <LatestVideo team={team.data} />
        </>
      )}
    </div>
  );
}

function PanelSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card results-section" aria-labelledby={id}>
      <h2 id={id} className="results-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function LatestResult({ teamId }: { teamId: string }) {
  const result = useApi<{ matches: Match[] }>(
    `/api/teams/${encodeURIComponent(teamId)}/matches?past=true&limit=1&sort=desc`,
  );
  const match = result.data?.matches[0];
  return (
    <PanelSection id="results-latest-result" title="Latest Result">
      {result.loading ? (
        <Loading label="Loading latest result..." />
      ) : result.error ? (
        <ErrorMessage onRetry={result.reload}>Failed to load recent match</ErrorMessage>
      ) : match ? (
        <MatchCard match={match} />
      ) : (
        <EmptyMessage>No recent matches found</EmptyMessage>
      )}
    </PanelSection>
  );
}

/** Links into the app stay in the app; links elsewhere open in a new tab. */
function NewsLink({ href, children }: { href: string; children: ReactNode }) {
  if (href.startsWith('/') && !href.startsWith('//')) return <Link to={href}>{children}</Link>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

function LatestNews({ team }: { team: Team }) {
  const site = team.website || team.news_url;
  const path = site ? `/api/team_news?url=${encodeURIComponent(site)}` : '/api/mwpl_news';
  const news = useFeed(path, checkNews, 'Failed to load news', !site);
  const items = news.data?.slice(0, NEWS_LIMIT) ?? [];
  return (
    <PanelSection id="results-latest-news" title="Latest News">
      {news.loading ? (
        <Loading label="Loading news..." />
      ) : news.error ? (
        <ErrorMessage>{news.error}</ErrorMessage>
      ) : items.length === 0 ? (
        <EmptyMessage>No news available</EmptyMessage>
      ) : (
        <ul className="results-news">
          {items.map((item, index) => (
            <li key={`${item.link}-${index}`} className="results-news-item">
              {item.image && <img className="results-news-image" src={item.image} alt="" loading="lazy" />}
              <div className="results-news-text">
                <h3 className="results-news-title">
                  {item.link ? <NewsLink href={item.link}>{item.title}</NewsLink> : item.title}
                </h3>
                {item.description && <p className="results-news-description">{item.description}</p>}
                {item.date && (
                  <time className="results-news-date" dateTime={item.date}>
                    {formatDate(item.date)}
                  </time>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </PanelSection>
  );
}

function LatestVideo({ team }: { team: Team }) {
  const channel = team.youtube_channel;
  const video = useFeed(
    channel ? `/api/team_video?channel_url=${encodeURIComponent(channel)}` : null,
    checkVideo,
    'Failed to load video',
  );
  return (
    <PanelSection id="results-latest-video" title="Latest Video">
      {video.loading ? (
        <Loading label="Loading video..." />
      ) : video.error ? (
        <ErrorMessage>{video.error}</ErrorMessage>
      ) : video.data ? (
        <div className="results-video">
          <iframe
            src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.data.video_id)}`}
            title={video.data.title || `${team.team_name} latest video`}
            loading="lazy"
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
          />
        </div>
      ) : (
        <EmptyMessage>No video available</EmptyMessage>
      )}
    </PanelSection>
  );
}
