/** Small reads of what a screen shows, shared by the component tests. */
import { screen, within } from '@testing-library/react';

/** The texts of a select's options, in order. */
export const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

/** The names of the tabs on the screen, in order. */
export const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

/** The manager dashboard's tabs for a super admin, in order. */
export const SUPER_ADMIN_TABS = [
  'Team Management',
  'Leagues',
  'Overdue',
  'Match Report',
  'Team Selection',
  'Pending Results',
] as const;

/** The texts of the headings inside an element, in order. */
export const headingTexts = (container: HTMLElement) =>
  within(container)
    .getAllByRole('heading')
    .map((heading) => heading.textContent);
