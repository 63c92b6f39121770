import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InstallPrompt } from '@/features/offline/install-prompt';

const TEXT = 'Install Touchline for quick access, even offline.';
const DAY = 24 * 60 * 60 * 1000;

/** What Chromium fires when the app can be installed; `answer` stands for the user in its dialog. */
function installEvent() {
  let answer: (outcome: 'accepted' | 'dismissed') => void = () => undefined;
  const userChoice = new Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>((resolve) => {
    answer = (outcome) => resolve({ outcome, platform: 'web' });
  });
  const prompt = vi.fn(async () => undefined);
  return Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice,
    answer: (outcome: 'accepted' | 'dismissed') => act(async () => answer(outcome)),
  });
}

function offer(event = installEvent()) {
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

afterEach(() => {
  vi.unstubAllGlobals();
  // The offer is held for the whole page; the next test starts without one.
  window.dispatchEvent(new Event('appinstalled'));
});

describe('the install bar', () => {
  it('stays hidden until the browser says the app can be installed', () => {
    render(<InstallPrompt />);
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
    const event = offer();
    // Our bar replaces the browser's own install banner.
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByText(TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Install' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Not now' })).toBeEnabled();
  });

  it.each(['accepted', 'dismissed'] as const)(
    'opens the browser’s install dialog, waits for the answer (%s), then goes',
    async (outcome) => {
      const user = userEvent.setup();
      render(<InstallPrompt />);
      const event = offer();
      await user.click(screen.getByRole('button', { name: 'Install' }));
      expect(event.prompt).toHaveBeenCalledTimes(1);
      // The dialog is open: the bar waits, and cannot prompt a second time.
      expect(screen.getByText(TEXT)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Install' })).toBeDisabled();
      await event.answer(outcome);
      expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
      expect(localStorage.getItem('installDismissed')).toBeNull();
    },
  );

  it('remembers "Not now" for 30 days', async () => {
    const start = new Date('2026-06-15T12:00:00Z').getTime();
    vi.useFakeTimers({ now: start, toFake: ['Date'] });
    const user = userEvent.setup();
    const first = render(<InstallPrompt />);
    offer();
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
    expect(localStorage.getItem('installDismissed')).toBe(String(start));
    first.unmount();

    // A later visit within 30 days: the browser offers again, the bar stays away.
    vi.setSystemTime(start + 30 * DAY - 1);
    const second = render(<InstallPrompt />);
    const event = offer();
    expect(event.defaultPrevented).toBe(true);
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
    second.unmount();

    // After 30 days it offers again.
    vi.setSystemTime(start + 30 * DAY);
    render(<InstallPrompt />);
    offer();
    expect(screen.getByText(TEXT)).toBeInTheDocument();
  });

  it('ignores a dismissal it cannot read as a time', () => {
    localStorage.setItem('installDismissed', 'yes');
    render(<InstallPrompt />);
    offer();
    expect(screen.getByText(TEXT)).toBeInTheDocument();
  });

  it('goes when the app is installed', () => {
    render(<InstallPrompt />);
    offer();
    expect(screen.getByText(TEXT)).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  });

  it('never shows in the installed app', () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ matches: query === '(display-mode: standalone)', media: query })),
    );
    render(<InstallPrompt />);
    offer();
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  });

  it('keeps an offer made before the shell renders', () => {
    // The first screen loads lazily; Chromium may fire the event before the bar mounts.
    const event = offer();
    expect(event.defaultPrevented).toBe(true);
    render(<InstallPrompt />);
    expect(screen.getByText(TEXT)).toBeInTheDocument();
  });
});
