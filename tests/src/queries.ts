/** Small reads of what a screen shows, shared by the component tests. */
import { screen, within } from '@testing-library/react';

/** The texts of a select's options, in order. */
export const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

/** The names of the tabs on the screen, in order. */
export const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

/** The texts of the headings inside an element, in order. */
export const headingTexts = (container: HTMLElement) =>
  within(container)
    .getAllByRole('heading')
    .map((heading) => heading.textContent);
