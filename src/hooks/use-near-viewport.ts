/**
 * Whether an element has come near the visible part of the page, watched by one
 * IntersectionObserver shared by every caller. The server-rendered pages' crests and
 * photos load only then: a league's tab holds dozens of SVG pictures, and each one the
 * browser loads is a document of its own to parse, lay out and paint on the main thread;
 * loaded all at once after hydration they made long paint tasks on a phone's CPU. Those
 * that come near together are let through one per animation frame, so that each loads,
 * and is parsed and painted, in a task of its own.
 */
import { startTransition, useEffect, useState, type RefObject } from 'react';

/** How far outside the visible area a picture starts loading: a quarter of the viewport's height. */
export const NEAR_VIEWPORT_MARGIN = '25% 0px';

/** How many elements are reported near per animation frame. */
export const NEAR_PER_FRAME = 1;

const waiting = new Map<Element, () => void>();
let observer: IntersectionObserver | null = null;
const due: (() => void)[] = [];
let pumping = false;

function release(): void {
  for (const notify of due.splice(0, NEAR_PER_FRAME)) notify();
  if (due.length > 0) requestAnimationFrame(release);
  else pumping = false;
}

function enqueue(notify: () => void): void {
  due.push(notify);
  if (pumping) return;
  pumping = true;
  requestAnimationFrame(release);
}

function watch(element: Element, near: () => void): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const notify = waiting.get(entry.target);
        observer?.unobserve(entry.target);
        waiting.delete(entry.target);
        if (notify !== undefined) enqueue(notify);
      }
    },
    { rootMargin: NEAR_VIEWPORT_MARGIN },
  );
  waiting.set(element, near);
  observer.observe(element);
  return () => {
    waiting.delete(element);
    observer?.unobserve(element);
  };
}

/**
 * False (also on the server, and while hydrating) until the element `ref` holds has come
 * within the margin of the viewport; true from then on. Without IntersectionObserver (or
 * without an element) it is true once mounted.
 *
 * `asTransition` renders what comes into view as a transition, in slices that yield to
 * the browser: right for a whole section, whose render would otherwise keep a tap
 * waiting. Not for pictures: React renders all pending transitions together, so the
 * pictures let through frame by frame would be set in one commit, and setting a cached
 * SVG picture's source parses it there and then.
 */
export function useNearViewport(ref: RefObject<Element | null>, asTransition = false): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near) return;
    const element = ref.current;
    if (element === null || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    if (!asTransition) return watch(element, () => setNear(true));
    return watch(element, () => startTransition(() => setNear(true)));
  }, [near, ref, asTransition]);
  return near;
}
