/** Small reads of what a screen shows, shared by the component tests. */
import { screen, waitFor, within, type ByRoleMatcher, type ByRoleOptions } from '@testing-library/react';
import { expect } from 'vitest';

/** The texts of the elements of a role inside an element, in order. */
export const textsOf = (container: HTMLElement, role: ByRoleMatcher, options?: ByRoleOptions) =>
  within(container)
    .getAllByRole(role, options)
    .map((element) => element.textContent);

/** A table's body rows (the first, the header row, left out), each as its cells' texts in order. */
export const bodyRowCells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent));

/** The link named `name` inside an element leads to `href`. */
export const expectLink = (container: HTMLElement, name: string | RegExp, href: string) =>
  expect(within(container).getByRole('link', { name })).toHaveAttribute('href', href);

/** The texts of a select's options, in order. */
export const optionTexts = (select: HTMLElement) => textsOf(select, 'option');

/** A select shows `value` and, once its options have loaded, offers `options` in order. */
export async function expectSelect(select: HTMLElement, value: string, options: readonly string[]) {
  expect(select).toHaveValue(value);
  await waitFor(() => expect(optionTexts(select)).toEqual(options));
}

/** The names of the tabs on the screen, in order. */
export const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

/** The manager dashboard's tabs for a super admin, in order. */
export const SUPER_ADMIN_TABS = [
  'Team Management',
  'Leagues',
  'Needs decision',
  'Overdue',
  'Match Report',
  'Team Selection',
  'Availability',
  'Pending Results',
] as const;

/** The texts of the headings inside an element, in order. */
export const headingTexts = (container: HTMLElement) => textsOf(container, 'heading');
