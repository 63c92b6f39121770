/**
 * The 'Save for offline' row of a team's header, placed so that it never moves the page.
 *
 * It is offered only where a service worker serves the saved copy back, which only the
 * browser knows, and it takes a row of the header. Added once the page ran, it pushed the
 * tabs and their content down by its height (a layout shift on a team page). So whether it is offered is decided in this page's first render, and it is
 * there, at its final height, from that render on:
 *
 * - A page the client renders (a worker served the app, or a link followed in the app)
 *   asks at once. Its placeholder, a disabled button of the same size, stands in while
 *   the button's code and the saved copy's age load.
 * - A page the server rendered is being hydrated, and the server cannot know: it renders
 *   no row, and that page keeps none. Such a page is a first visit (a page a worker
 *   controls is the app's own shell, rendered here); the worker it installs can take
 *   control while the page hydrates, and the row then appearing is the shift above. The
 *   next team page opened in the app offers it.
 */
import { lazy, Suspense, useState } from 'react';
import { useHydrated } from '@/hooks/use-hydrated';
import { offlineCapable } from '@/offline/capable';
import { SaveOfflinePlaceholder } from './save-offline-placeholder';

// Its IndexedDB code loads once the row is offered, not with the page.
const SaveOfflineButton = lazy(() =>
  import('./save-offline-button').then((m) => ({ default: m.SaveOfflineButton })),
);

export function TeamOfflineRow({ teamId }: { teamId: string }) {
  const hydrated = useHydrated();
  // Decided once: false while hydrating server markup (see above), whatever comes after.
  const [offered] = useState(() => hydrated && offlineCapable());
  if (!offered) return null;
  return (
    <Suspense fallback={<SaveOfflinePlaceholder />}>
      <SaveOfflineButton teamId={teamId} />
    </Suspense>
  );
}
