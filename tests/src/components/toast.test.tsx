/**
 * Toasts leave by themselves, but not while the pointer or focus is in one (the rest of
 * the time runs once both have left), and an error stays until it is dismissed.
 * Fake timers: the test moves the clock, it never waits.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_MS, ToastProvider, useToast, type ToastKind } from '@/components/toast';

function Shows({ kind, message }: { kind: ToastKind; message: string }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast(kind, message)}>
      Show
    </button>
  );
}

function show(kind: ToastKind, message: string) {
  render(
    <ToastProvider>
      <Shows kind={kind} message={message} />
    </ToastProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Show' }));
  return screen.getByText(message).closest('.toast') as HTMLElement;
}

const pass = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
});

describe('a toast', () => {
  it('leaves after its time', () => {
    show('success', 'Player added successfully');
    pass((TOAST_MS.success ?? 0) - 1);
    expect(screen.getByText('Player added successfully')).toBeInTheDocument();
    pass(1);
    expect(screen.queryByText('Player added successfully')).not.toBeInTheDocument();
  });

  it('waits while the pointer is over it, then leaves after the rest of its time', () => {
    const toast = show('success', 'Team updated successfully');
    pass(3000);
    fireEvent.pointerEnter(toast);
    pass(60_000);
    expect(screen.getByText('Team updated successfully')).toBeInTheDocument();
    fireEvent.pointerLeave(toast);
    pass(999);
    expect(screen.getByText('Team updated successfully')).toBeInTheDocument();
    pass(1);
    expect(screen.queryByText('Team updated successfully')).not.toBeInTheDocument();
  });

  it('waits while focus is in it, then leaves after the rest of its time', () => {
    show('info', 'Saved on this device: sent when you are back online');
    pass(1000);
    const dismiss = screen.getByRole('button', { name: 'Dismiss' });
    act(() => dismiss.focus());
    pass(60_000);
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => dismiss.blur());
    pass((TOAST_MS.info ?? 0) - 1000 - 1);
    expect(screen.getByRole('status')).toBeInTheDocument();
    pass(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('waits until both the pointer and focus have left', () => {
    const toast = show('success', 'Player deleted successfully');
    fireEvent.pointerEnter(toast);
    act(() => screen.getByRole('button', { name: 'Dismiss' }).focus());
    fireEvent.pointerLeave(toast);
    pass(60_000);
    expect(screen.getByText('Player deleted successfully')).toBeInTheDocument();
  });
});

describe('an error toast', () => {
  it('stays until it is dismissed', () => {
    const toast = show('error', 'Failed to create team');
    expect(toast).toHaveAttribute('role', 'alert');
    pass(10 * 60_000);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to create team');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
