/**
 * The search panel (spec "Search panel"): a combobox over players, teams and
 * leagues. It searches 300 ms after the last keystroke once the term has two
 * characters, cancels the request of an older term, and only ever shows the answer
 * for the term in the box. The panel resets on close because the opener unmounts it.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { PlayerIcon, SearchIcon, TeamIcon, TrophyIcon } from '@/components/icons';
import { ApiError, apiJson, isAbort } from '@/lib/api-client';
import type { SearchResult } from '@/lib/api-types';
import { plural } from '../../../db/rules/words';
import './search.css';

/** Spec section 9: a 300 ms pause and at least 2 characters. */
export const SEARCH_DELAY_MS = 300;
export const MIN_TERM_LENGTH = 2;

type Answer = { term: string; results: SearchResult[]; error?: undefined } | { term: string; error: string };

const TYPE_LABEL: Record<SearchResult['type'], string> = { player: 'Player', team: 'Team', league: 'League' };

export function resultPath(result: SearchResult): string {
  const id = encodeURIComponent(result.id);
  if (result.type === 'player') return `/player/${id}`;
  if (result.type === 'team') return `/team/${id}`;
  return `/leagues/${id}`;
}

function ResultIcon({ type }: { type: SearchResult['type'] }) {
  if (type === 'player') return <PlayerIcon size={20} />;
  if (type === 'team') return <TeamIcon size={20} />;
  return <TrophyIcon size={20} />;
}

export function SearchPanel({ onClose, autoFocus = true }: { onClose: () => void; autoFocus?: boolean }) {
  const navigate = useNavigate();
  const id = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const [term, setTerm] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [active, setActive] = useState(-1);

  const query = term.trim();
  // Code points, as the server counts them: an accented letter or emoji is one character.
  const longEnough = Array.from(query).length >= MIN_TERM_LENGTH;

  useEffect(() => {
    if (!longEnough) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      apiJson<{ results: SearchResult[] }>(`/api/search?term=${encodeURIComponent(query)}`, {
        signal: controller.signal,
      }).then(
        (data) => {
          // An answer that lands after the term changed belongs to an older term.
          if (controller.signal.aborted) return;
          setAnswer({ term: query, results: Array.isArray(data.results) ? data.results : [] });
        },
        (error: unknown) => {
          if (isAbort(error) || controller.signal.aborted) return;
          console.warn('Search failed', error); // handled: the panel shows the message
          setAnswer({
            term: query,
            error: error instanceof ApiError ? error.detailText('Search failed') : 'Search failed',
          });
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query, longEnough]);

  const current = longEnough && answer?.term === query ? answer : null;
  const results = current && current.error === undefined ? current.results : [];
  const activeResult = active >= 0 ? results[active] : undefined;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (active < 0) return;
    // jsdom has no scrollIntoView; browsers do.
    listRef.current
      ?.querySelector<HTMLElement>(`[data-index="${active}"]`)
      ?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const open = (result: SearchResult) => {
    navigate(resultPath(result));
    onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = results.length;
    if (event.key === 'ArrowDown' && count > 0) {
      event.preventDefault();
      setActive((index) => (index + 1) % count);
    } else if (event.key === 'ArrowUp' && count > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? count - 1 : index - 1));
    } else if (event.key === 'Enter' && activeResult) {
      event.preventDefault();
      open(activeResult);
    } else if (event.key === 'Escape') {
      onClose();
    }
  };

  let status: string | null = null;
  if (!longEnough) status = 'Type at least 2 characters to search';
  else if (!current) status = 'Searching...';
  else if (current.error !== undefined) status = current.error;
  else if (results.length === 0) status = 'No results found';

  return (
    <div className="search-panel" role="search">
      <label className="visually-hidden" htmlFor={`${id}-input`}>
        Search
      </label>
      <div className="search-field">
        <SearchIcon className="search-field-icon" size={20} />
        <input
          id={`${id}-input`}
          className="search-input"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={results.length > 0}
          aria-controls={`${id}-results`}
          aria-activedescendant={activeResult ? optionId(active) : undefined}
          placeholder="Search players, teams, or leagues..."
          autoComplete="off"
          enterKeyHint="search"
          // The panel opens because the user asked to search: put the cursor there.
          autoFocus={autoFocus}
          value={term}
          onChange={(event) => {
            setTerm(event.target.value);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      <p
        className={
          current?.error !== undefined
            ? 'search-status search-status-error'
            : status === null
              ? 'search-status search-status-quiet'
              : 'search-status'
        }
        role="status"
        aria-live="polite"
      >
        {status ?? <span className="visually-hidden">{plural(results.length, 'result')}</span>}
      </p>
      <ul
        id={`${id}-results`}
        ref={listRef}
        className="search-results"
        role="listbox"
        aria-label="Search results"
      >
        {results.map((result, index) => (
          <li
            key={`${result.type}:${result.id}`}
            id={optionId(index)}
            data-index={index}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'search-result search-result-active' : 'search-result'}
            onClick={() => open(result)}
            onMouseEnter={() => setActive(index)}
            // The name is the option's visible text, name then type (WCAG 2.5.3 label in name).
            aria-labelledby={`${optionId(index)}-name ${optionId(index)}-type`}
          >
            <span className={`search-result-icon search-result-icon-${result.type}`}>
              <ResultIcon type={result.type} />
            </span>
            <span id={`${optionId(index)}-name`} className="search-result-name">
              {result.name}
            </span>{' '}
            <span id={`${optionId(index)}-type`} className="search-result-type">
              {TYPE_LABEL[result.type]}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
