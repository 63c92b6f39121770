/**
 * Crests and photos on a server-rendered page wait for hydration in a placeholder of
 * their size (no request before the first paint); rendered in the browser they load at once.
 */
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PersonPhoto, TeamLogo } from '@/components/images';

function Pictures() {
  return (
    <div>
      <TeamLogo logo="north.town.svg" name="North Town" />
      <TeamLogo logo="north.town.svg" name="North Town" decorative />
      <PersonPhoto kind="players" photo="nt fwd.svg" name="North Town Forward" size={64} />
    </div>
  );
}

describe('team crests and photos', () => {
  it('are placeholders of their size in server markup, named like the pictures', () => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(<Pictures />);
    expect(host.querySelector('img')).toBeNull();
    const [crest, decorative, photo] = [...host.querySelectorAll('span')];
    expect(crest).toHaveAttribute('role', 'img');
    expect(crest).toHaveAttribute('aria-label', 'North Town crest');
    expect(crest).toHaveClass('team-logo');
    expect(crest?.style.getPropertyValue('--picture-size')).toBe('40px');
    expect(decorative).toHaveAttribute('aria-hidden', 'true');
    expect(photo).toHaveAttribute('aria-label', 'North Town Forward');
    expect(photo).toHaveClass('person-photo');
    expect(photo?.style.getPropertyValue('--picture-size')).toBe('64px');
  });

  it('become the pictures once the page is hydrated', async () => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(<Pictures />);
    document.body.append(host);
    const root = hydrateRoot(host, <Pictures />);
    await waitFor(() => expect(host.querySelectorAll('img')).toHaveLength(3));
    const images = [...host.querySelectorAll('img')];
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      '/api/images/teams/north.town.svg',
      '/api/images/teams/north.town.svg',
      '/api/images/players/nt_fwd.svg',
    ]);
    expect(images[2]).toHaveAttribute('width', '64');
    expect(host.querySelector('span')).toBeNull();
    root.unmount();
    host.remove();
  });

  it('load at once when the page renders in the browser', () => {
    render(<Pictures />);
    expect(screen.getByRole('img', { name: 'North Town crest' }).tagName).toBe('IMG');
    expect(screen.getByRole('img', { name: 'North Town Forward' })).toHaveAttribute(
      'src',
      '/api/images/players/nt_fwd.svg',
    );
  });
});
