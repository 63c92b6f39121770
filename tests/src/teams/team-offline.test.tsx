/**
 * The 'Save for offline' row decides in the page's first render whether it is there
 * (src/features/teams/team-offline.tsx): a row added later would push the tabs down.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TeamOfflineRow } from '@/features/teams/team-offline';
import { freshOfflineDbPerTest } from '../lib/offline/idb';

freshOfflineDbPerTest();

/** A worker controls the page, or stops to. */
function setController(controller: object | null): void {
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { controller, addEventListener: () => undefined, removeEventListener: () => undefined },
    configurable: true,
  });
}
beforeEach(() => setController({}));
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 50)));

describe('the Save for offline row', () => {
  it('is there from the first render of a page the browser renders, as a same-sized placeholder', async () => {
    render(<TeamOfflineRow teamId="south.city" />);
    // Synchronously: no later render adds it.
    const placeholder = screen.getByRole('button', { name: 'Save for offline' });
    expect(placeholder).toBeDisabled();
    expect(placeholder.closest('.team-offline')).not.toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save for offline' })).toBeEnabled());
  });

  it('is not offered where no worker serves the saved copy', async () => {
    setController(null);
    const { container } = render(<TeamOfflineRow teamId="south.city" />);
    await settle();
    expect(container).toBeEmptyDOMElement();
  });

  it('never appears in a page hydrated from server markup, even once a worker controls it', async () => {
    setController(null);
    const host = document.createElement('div');
    host.innerHTML = renderToString(<TeamOfflineRow teamId="south.city" />);
    expect(host).toBeEmptyDOMElement();
    document.body.append(host);
    // The worker the first visit installs takes control while the page hydrates.
    setController({});
    const root = hydrateRoot(host, <TeamOfflineRow teamId="south.city" />);
    await settle();
    expect(host).toBeEmptyDOMElement();
    root.unmount();
    host.remove();
  });
});
