import { act, waitFor, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  UPDATE_CHECK_INTERVAL_MS,
  watchServiceWorker,
  type WorkboxLike,
} from '@/features/offline/register-sw';
import { UpdatePrompt } from '@/features/offline/update-prompt';
import { onFirstControl, setWaitingUpdate } from '@/features/offline/sw-updates';
import { withApiMock } from '../api-mock';
import { renderRoute } from '../render';

const SENTENCE = 'New version available — Reload';

/** A stand-in for workbox-window's Workbox: the test fires its life-cycle events. */
function fakeWorkbox() {
  const listeners = new Map<string, Set<(event: never) => void>>();
  const workbox = {
    addEventListener(type: string, listener: (event: never) => void) {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)?.add(listener);
    },
    removeEventListener(type: string, listener: (event: never) => void) {
      listeners.get(type)?.delete(listener);
    },
    messageSkipWaiting: vi.fn(),
    update: vi.fn(async () => undefined),
  } satisfies WorkboxLike;
  const fire = (type: 'waiting' | 'controlling') =>
    act(() => {
      for (const listener of listeners.get(type) ?? []) listener({ type } as never);
    });
  const listening = () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0);
  return { workbox, fire, listening };
}

/** The bar's sentence, read as a user reads it: text and button together. */
function findSentence() {
  return screen.queryByText((_, element) => element?.tagName === 'P' && element.textContent === SENTENCE);
}

let disconnect: (() => void) | undefined;
function watch(workbox: WorkboxLike, hadController = true) {
  const reload = vi.fn();
  disconnect = watchServiceWorker(workbox, { hadController, reload });
  return reload;
}

/** The bar over a fake Workbox that the page watches, as the built app does. */
function renderBar() {
  const user = userEvent.setup();
  const { workbox, fire } = fakeWorkbox();
  const reload = watch(workbox);
  render(<UpdatePrompt />);
  return { user, workbox, fire, reload };
}

afterEach(() => {
  disconnect?.();
  disconnect = undefined;
  setWaitingUpdate(null);
  vi.useRealTimers();
});

describe('the update bar', () => {
  it('appears when a new version is waiting, and Reload lets it take over then reloads once', async () => {
    const { user, workbox, fire, reload } = renderBar();
    expect(findSentence()).not.toBeInTheDocument();

    fire('waiting');
    expect(findSentence()).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    // The page reloads only once the new worker controls it.
    expect(reload).not.toHaveBeenCalled();
    fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
    fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers a reload when another tab already let the new version take over', async () => {
    const { user, workbox, fire, reload } = renderBar();
    fire('controlling');
    expect(findSentence()).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('lets an even newer waiting version take over before reloading', async () => {
    const { user, workbox, fire, reload } = renderBar();
    fire('controlling'); // another tab let a new version take over
    fire('waiting'); // and a newer one is already waiting
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows whatever update the store holds and applies it', async () => {
    const user = userEvent.setup();
    const apply = vi.fn();
    render(<UpdatePrompt />);
    act(() => setWaitingUpdate({ apply }));
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledTimes(1);
    act(() => setWaitingUpdate(null));
    expect(findSentence()).not.toBeInTheDocument();
  });

  it('goes, and stops listening, when the worker is disconnected', () => {
    const { workbox, fire, listening } = fakeWorkbox();
    watch(workbox);
    render(<UpdatePrompt />);
    fire('waiting');
    expect(findSentence()).toBeInTheDocument();
    act(() => disconnect?.());
    expect(findSentence()).not.toBeInTheDocument();
    expect(listening()).toBe(0);
  });
});

describe('first control', () => {
  it('is announced once when a worker takes over a page that loaded without one', () => {
    const { workbox, fire } = fakeWorkbox();
    const reload = watch(workbox, false);
    const refresh = vi.fn();
    const removed = vi.fn();
    const stop = onFirstControl(refresh);
    onFirstControl(removed)();
    render(<UpdatePrompt />);

    fire('controlling');
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(removed).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    expect(findSentence()).not.toBeInTheDocument();
    stop();
  });

  it('is not announced when the page was already controlled', () => {
    const { workbox, fire } = fakeWorkbox();
    watch(workbox, true);
    const refresh = vi.fn();
    const stop = onFirstControl(refresh);
    fire('controlling');
    expect(refresh).not.toHaveBeenCalled();
    stop();
  });

  it('gives way to a reload the user asked for', async () => {
    // Loaded without a worker (a hard reload) while a new version was waiting.
    const user = userEvent.setup();
    const { workbox, fire } = fakeWorkbox();
    const reload = watch(workbox, false);
    const refresh = vi.fn();
    const stop = onFirstControl(refresh);
    render(<UpdatePrompt />);
    fire('waiting');
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(refresh).not.toHaveBeenCalled();
    stop();
  });
});

describe('update checks', () => {
  it('ask for a new worker every hour, unless offline', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { workbox } = fakeWorkbox();
    watch(workbox);
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS - 1);
    expect(workbox.update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(workbox.update).toHaveBeenCalledTimes(1);

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(workbox.update).toHaveBeenCalledTimes(1);
  });

  it('ask when the page comes back into view, unless offline', () => {
    const { workbox } = fakeWorkbox();
    watch(workbox);
    const visibility = vi.spyOn(document, 'visibilityState', 'get');

    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(workbox.update).not.toHaveBeenCalled();

    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(workbox.update).toHaveBeenCalledTimes(1);

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(workbox.update).toHaveBeenCalledTimes(1);
  });

  it('report a failed check without failing the page', async () => {
    const { workbox } = fakeWorkbox();
    workbox.update.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    watch(workbox);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() =>
      expect(console.warn).toHaveBeenCalledWith('Service worker update check failed', expect.any(TypeError)),
    );
  });
});

describe('in the shell', () => {
  const api = withApiMock();

  it('comes after the header and before the screen in reading order, floating over the screen', async () => {
    const { container } = await renderRoute('/leagues', { api });
    act(() => setWaitingUpdate({ apply: vi.fn() }));
    await waitFor(() => expect(findSentence()).toBeInTheDocument());
    const header = container.querySelector('header');
    const main = container.querySelector('main');
    const bar = findSentence()?.parentElement;
    expect(bar).toHaveClass('app-bar-floating');
    if (!header || !main || !bar) throw new Error('The shell has no header, main or update bar');
    expect(bar.parentElement).toBe(header.parentElement);
    expect(header.compareDocumentPosition(bar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(bar.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
