import { describe, expect, it } from 'vitest';
import { withE2E } from './fixtures';
import { screenshot } from './harness';

describe('the built app served by the real server', () => {
  const { server, browser } = withE2E();

  it('answers the health check', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('opens / and shows the app shell', async () => {
    const { page } = browser;
    await page.goto(server.url);
    await page.getByRole('link', { name: 'Already have an account? Log in' }).waitFor();
    expect(await page.title()).toBe('Touchline');
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(true);
    expect(await page.getByText('Welcome back,').isVisible()).toBe(true);
    await screenshot(page, 'smoke-home');
    expect(browser.errors).toEqual([]);
  });

  it('serves app routes through the SPA fallback', async () => {
    const { page } = browser;
    const response = await page.goto(`${server.url}/some/deep/route`);
    expect(response?.status()).toBe(200);
    await page.getByText('Page not found').waitFor();
  });
});
