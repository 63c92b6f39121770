/**
 * Crests and photos are placeholders of their size, the same in the server's markup and
 * in the browser's first render (no request before the first paint, nothing to change
 * when hydrating), until they come near the viewport; then a few per frame load.
 */
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PersonPhoto, pictureSources, TeamLogo } from '@/components/images';

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
    // SVG pictures come as the PNGs the server draws of them, at the size shown.
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      '/api/images/teams/north.town.svg?box=40',
      '/api/images/teams/north.town.svg?box=40',
      '/api/images/players/nt_fwd.svg?box=64',
    ]);
    expect(images[2]).toHaveAttribute(
      'srcset',
      '/api/images/players/nt_fwd.svg?box=64 1x, /api/images/players/nt_fwd.svg?box=128 2x, /api/images/players/nt_fwd.svg?box=192 3x',
    );
    expect(images[2]).toHaveAttribute('width', '64');
    expect(host.querySelector('span')).toBeNull();
    root.unmount();
    host.remove();
  });

  it('load once mounted where the browser cannot tell what is in view', () => {
    render(<Pictures />);
    expect(screen.getByRole('img', { name: 'North Town crest' }).tagName).toBe('IMG');
    expect(screen.getByRole('img', { name: 'North Town Forward' })).toHaveAttribute(
      'src',
      '/api/images/players/nt_fwd.svg?box=64',
    );
  });

  it('ask for other pictures as they are, and for a drawn square within the server’s range', () => {
    expect(pictureSources('/api/images/players/p.jpg', 64)).toEqual({ src: '/api/images/players/p.jpg' });
    expect(pictureSources('/api/images/teams/big.SVG', 200)).toEqual({
      src: '/api/images/teams/big.SVG?box=200',
      srcSet:
        '/api/images/teams/big.SVG?box=200 1x, /api/images/teams/big.SVG?box=400 2x, /api/images/teams/big.SVG?box=512 3x',
    });
    expect(pictureSources('/api/images/teams/tiny.svg', 10).src).toBe('/api/images/teams/tiny.svg?box=16');
  });

  it('fall back to the default picture, drawn sources and all, when a picture fails', () => {
    render(<PersonPhoto kind="players" photo="gone.svg" name="Gone" />);
    const photo = screen.getByRole('img', { name: 'Gone' });
    expect(photo).toHaveAttribute('srcset');
    fireEvent.error(photo);
    expect(photo).not.toHaveAttribute('srcset');
    expect(photo).toHaveAttribute('src', '/api/images/players/default.jpg');
  });

  describe('with an IntersectionObserver', () => {
    let report: ((entries: { target: Element; isIntersecting: boolean }[]) => void) | null = null;
    const observed: Element[] = [];
    const frames: FrameRequestCallback[] = [];
    afterEach(() => {
      vi.unstubAllGlobals();
      report = null;
      observed.length = 0;
      frames.length = 0;
    });
    function stubBrowser() {
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          constructor(callback: typeof report, options: IntersectionObserverInit) {
            report = callback;
            expect(options.rootMargin).toBe('25% 0px');
          }
          observe(element: Element) {
            observed.push(element);
          }
          unobserve(element: Element) {
            observed.splice(observed.indexOf(element), 1);
          }
        },
      );
      vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    }
    const nextFrame = () => act(() => frames.shift()?.(0));

    it('stay placeholders until they come near the viewport, then load one per frame', async () => {
      stubBrowser();
      const names = ['A', 'B', 'C', 'D', 'E'];
      render(
        <div>
          {names.map((name) => (
            <PersonPhoto key={name} kind="players" photo={`${name}.svg`} name={name} />
          ))}
        </div>,
      );
      expect(document.querySelectorAll('img')).toHaveLength(0);
      expect(observed).toHaveLength(5);
      // Nothing in view yet: nothing loads, whatever the frames.
      act(() => report?.(observed.map((target) => ({ target, isIntersecting: false }))));
      expect(frames).toHaveLength(0);
      // Four come near together (the fifth stays far).
      act(() => report?.(observed.slice(0, 4).map((target) => ({ target, isIntersecting: true }))));
      expect(observed).toHaveLength(1);
      const loaded = () => [...document.querySelectorAll('img')].map((image) => image.alt);
      await nextFrame();
      expect(loaded()).toEqual(['A']);
      await nextFrame();
      expect(loaded()).toEqual(['A', 'B']);
      await nextFrame();
      await nextFrame();
      expect(loaded()).toEqual(['A', 'B', 'C', 'D']);
      expect(frames).toHaveLength(0);
      expect(screen.getByRole('img', { name: 'E' }).tagName).toBe('SPAN');
    });

    it('stop watching a picture that is gone', () => {
      stubBrowser();
      const { unmount } = render(<TeamLogo logo="north.town.svg" name="North Town" />);
      expect(observed).toHaveLength(1);
      unmount();
      expect(observed).toHaveLength(0);
    });
  });
});
