/**
 * An element whose children are rendered only once it has come near the visible part
 * of the page (useNearViewport): a part below the fold costs nothing, neither its code
 * nor its layout, until the reader scrolls towards it. Empty on the server and while
 * the page hydrates, so hydrating it changes nothing. One inside another comes a frame
 * after it: each is laid out in a task of its own.
 */
import { useRef, type HTMLAttributes, type ReactNode } from 'react';
import { useNearViewport } from '@/hooks/use-near-viewport';

export function WhenNear({
  as: Element = 'div',
  children,
  ...props
}: HTMLAttributes<HTMLElement> & { as?: 'aside' | 'div'; children: ReactNode }) {
  const ref = useRef<HTMLDivElement & HTMLElement>(null);
  const near = useNearViewport(ref, true);
  return (
    <Element ref={ref} {...props}>
      {near ? children : null}
    </Element>
  );
}
