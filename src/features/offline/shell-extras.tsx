/**
 * The shell's offline machinery (the outbox and its badge, the offline status line, the
 * offline copy of the user's team, the install and update offers) in a chunk of its
 * own, loaded once the page runs: a visitor's first screen paints and hydrates without
 * IndexedDB, the outbox or their code.
 */
export { InstallPrompt } from './install-prompt';
export { OfflineStatus } from './offline-status';
export { OfflineSync } from './offline-sync';
export { OutboxBadge } from './outbox-badge';
export { UpdatePrompt } from './update-prompt';
