/**
 * An element whose children are rendered only once it has come near the visible part
 * of the page (useNearViewport): a part below the fold costs nothing, neither its code
 * nor its layout, until the reader scrolls towards it. Empty on the server and while
 * the page hydrates, so hydrating it changes nothing.
 */
import { useRef, type HTMLAttributes, type ReactNode } from 'react';
import { useNearViewport } from '@/hooks/use-near-viewport';

export function AsideWhenNear({ children, ...props }: HTMLAttributes<HTMLElement> & { children: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref, true);
  return (
    <aside ref={ref} {...props}>
      {near ? children : null}
    </aside>
  );
}
