/**
 * The super admin lands on /admin-dashboard: its first view says where the everyday
 * work is — Manage, the inbox and People — above the tables.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StoredUser } from '@/lib/storage';
import { withApiMock } from '../api-mock';
import { renderRoute } from '../render';

const api = withApiMock();
const BOSS: StoredUser = { id: 'u.boss', name: 'Boss', user_type: 'super_admin', team_id: null };

describe('the super admin landing', () => {
  it('links to Manage, the inbox and People before the table list', async () => {
    await renderRoute('/admin-dashboard', { user: BOSS, api });
    const work = await screen.findByRole('navigation', { name: 'Everyday work' });
    const links = within(work).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Manage', '/manager'],
      ['Inbox', '/manager/decisions'],
      ['People', '/people'],
    ]);
    const tables = await screen.findByRole('navigation', { name: 'Tables' });
    // The pointers come first in the page.
    expect(work.compareDocumentPosition(tables) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
