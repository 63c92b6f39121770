/**
 * An accessible tab list (arrow keys move between tabs); the panel is the caller's.
 * A row wider than the screen scrolls sideways: its edges fade where more tabs lie
 * beyond them, and the active tab is scrolled into view.
 *
 * Given `hrefOf`, each tab is also a link to its own address: on a page the server
 * rendered, a tab tapped before the page's script has run opens that tab all the same
 * (the server renders it), and a tab can be opened in a new window.
 */
import {
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Loading } from './status';

type Overflow = { left: boolean; right: boolean };

/** Which sides of a scrolling row hide more of it. */
function useOverflow(row: RefObject<HTMLDivElement | null>): Overflow {
  const [overflow, setOverflow] = useState<Overflow>({ left: false, right: false });
  useEffect(() => {
    const node = row.current;
    if (!node) return;
    const measure = () => {
      const left = node.scrollLeft > 1;
      const right = node.scrollLeft + node.clientWidth < node.scrollWidth - 1;
      setOverflow((current) =>
        current.left === left && current.right === right ? current : { left, right },
      );
    };
    node.addEventListener('scroll', measure, { passive: true });
    // The observer reports the row's first size after the browser's own layout; measuring
    // here instead forced a layout of the whole page while it hydrated.
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (resize) resize.observe(node);
    else measure();
    return () => {
      node.removeEventListener('scroll', measure);
      resize?.disconnect();
    };
  }, [row]);
  return overflow;
}

/**
 * The open tab, kept in the address as `?tab=` (lower case; none for the first tab), so
 * each tab can be linked to, opened directly and rendered by the server. Choosing a tab
 * replaces the address: the back button leaves the page rather than stepping through tabs.
 * `keys` must not change between renders (a module constant).
 */
export function useTabParam<K extends string>(keys: readonly K[]): [K, (tab: K) => void, (tab: K) => string] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const asked = params.get('tab')?.toLowerCase();
  const first = keys[0];
  if (first === undefined) throw new Error('useTabParam needs at least one tab');
  const tab = keys.find((key) => key.toLowerCase() === asked) ?? first;
  // The address's parameters with `next` open: no `tab` for the first tab.
  const withTab = useCallback(
    (current: URLSearchParams, next: K) => {
      const updated = new URLSearchParams(current);
      if (next === first) updated.delete('tab');
      else updated.set('tab', next.toLowerCase());
      return updated;
    },
    [first],
  );
  const choose = useCallback(
    (next: K) => setParams((current) => withTab(current, next), { replace: true }),
    [setParams, withTab],
  );
  const hrefOf = useCallback(
    (next: K) => {
      const search = withTab(params, next).toString();
      return search === '' ? pathname : `${pathname}?${search}`;
    },
    [params, pathname, withTab],
  );
  return [tab, choose, hrefOf];
}

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

export function Tabs<K extends string>({
  tabs,
  active,
  onChange,
  label,
  hrefOf,
}: {
  tabs: readonly TabItem<K>[];
  active: K;
  onChange: (key: K) => void;
  label: string;
  /** Each tab's own address, when it has one. */
  hrefOf?: (key: K) => string;
}) {
  const refs = useRef(new Map<K, HTMLElement>());
  const row = useRef<HTMLDivElement>(null);
  const overflow = useOverflow(row);

  useEffect(() => {
    // The active tab in view: the row scrolls sideways, the page never moves.
    const tab = refs.current.get(active);
    const node = row.current;
    if (!tab || !node) return;
    const tabBox = tab.getBoundingClientRect();
    const rowBox = node.getBoundingClientRect();
    const margin = 40; // clear of the faded edge
    if (tabBox.left < rowBox.left + margin) node.scrollLeft -= rowBox.left + margin - tabBox.left;
    else if (tabBox.right > rowBox.right - margin) node.scrollLeft += tabBox.right - (rowBox.right - margin);
  }, [active]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    if (event.key === ' ' && hrefOf) {
      // A link opens on Enter only; a tab opens on Space as well.
      event.preventDefault();
      const tab = tabs[index];
      if (tab) onChange(tab.key);
      return;
    }
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (!next) return;
    onChange(next.key);
    refs.current.get(next.key)?.focus();
  };
  return (
    <div
      ref={row}
      className={`tabs${overflow.left ? ' tabs-more-left' : ''}${overflow.right ? ' tabs-more-right' : ''}`}
      role="tablist"
      aria-label={label}
    >
      {tabs.map((tab, index) => {
        const shared = {
          role: 'tab',
          id: `tab-${tab.key}`,
          'aria-selected': tab.key === active,
          'aria-controls': `panel-${tab.key}`,
          tabIndex: tab.key === active ? 0 : -1,
          className: tab.key === active ? 'tab tab-active' : 'tab',
          onKeyDown: (event: KeyboardEvent) => onKeyDown(event, index),
        } as const;
        const remember = (node: HTMLElement | null) => {
          if (node) refs.current.set(tab.key, node);
        };
        if (hrefOf === undefined) {
          return (
            <button key={tab.key} ref={remember} type="button" {...shared} onClick={() => onChange(tab.key)}>
              {tab.label}
            </button>
          );
        }
        const onClick = (event: MouseEvent) => {
          // A new window or tab for the address is the browser's; a plain click is ours.
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          onChange(tab.key);
        };
        return (
          <a key={tab.key} ref={remember} href={hrefOf(tab.key)} {...shared} onClick={onClick}>
            {tab.label}
          </a>
        );
      })}
    </div>
  );
}

/**
 * The open tab's content. Its own Suspense boundary: on a page the server rendered, React
 * hydrates the page's header and tabs first, commits them, and hydrates the panel in a
 * pass and a commit of its own, so no one task of the phone's main thread does both.
 */
export function TabPanel({ tab, children }: { tab: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tab-panel">
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </div>
  );
}
