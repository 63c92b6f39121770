/**
 * The house dialog is the platform's modal <dialog>: opened with showModal(), focused,
 * closed by Escape (its `cancel`) and by a click on the backdrop unless busy, and focus
 * goes back to the button that opened it. (jsdom's dialog methods come from tests/setup/dom.ts.)
 */
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ModalDialog } from '@/components/modal-dialog';

function Opener({ busy = false, onClose = () => undefined }: { busy?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <ModalDialog
          title="Edit player"
          busy={busy}
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          <div className="modal-body">
            <label>
              Name <input />
            </label>
          </div>
        </ModalDialog>
      )}
    </>
  );
}

async function openDialog(props: Parameters<typeof Opener>[0] = {}) {
  const user = userEvent.setup();
  render(<Opener {...props} />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Edit player' }) };
}

describe('ModalDialog', () => {
  it('is a <dialog> opened as a modal, with the focus in it', async () => {
    const { dialog } = await openDialog();
    expect(dialog.tagName).toBe('DIALOG');
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(dialog).toHaveFocus();
  });

  it('closes on Escape (its cancel event), and focus goes back to the opener', async () => {
    const onClose = vi.fn();
    const { user } = await openDialog({ onClose });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('keeps its cancel from closing it itself: the page decides, and a busy dialog stays', async () => {
    const onClose = vi.fn();
    const { dialog } = await openDialog({ busy: true, onClose });
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog, cancel);
    expect(cancel.defaultPrevented).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(screen.getByRole('button', { name: 'Close dialog' })).toBeDisabled();
  });

  it('closes on a click on the backdrop, not on one inside the card', async () => {
    const onClose = vi.fn();
    const { user, dialog } = await openDialog({ onClose });
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    await user.click(screen.getByRole('heading', { name: 'Edit player' }));
    // A press in the card released on the backdrop (a text selection dragged out) is no click on it.
    fireEvent.pointerDown(screen.getByRole('textbox', { name: 'Name' }));
    fireEvent.click(dialog);
    expect(onClose).not.toHaveBeenCalled();
    // The dialog fills the screen around the card: a click on it itself is on the backdrop.
    await user.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays open on a backdrop click while busy', async () => {
    const onClose = vi.fn();
    const { user, dialog } = await openDialog({ busy: true, onClose });
    await user.click(dialog);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Edit player' })).toBeInTheDocument();
  });
});
