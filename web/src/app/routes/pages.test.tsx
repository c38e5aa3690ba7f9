// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@/shared/api/types';
import { PACKAGING_PATH, RETURN_POLICY_PATH } from '@/shared/lib/store-pages';
import { json, renderWithProviders, serve } from '@/test/fake-api';
import { AppRoutes } from '../router';
import { meFixture } from '@/test/fixtures';

const guest: Me = meFixture();

function serveShell() {
  serve({
    'GET /api/v1/me/': () => json(guest),
    'GET /cart_dropdown_mobile_ajax/': () => json({ cart_quantity: 0 }),
  });
}

describe('the policy pages are routed', () => {
  // the layout scrolls a new page to the top, which jsdom does not implement
  beforeEach(() => vi.spyOn(window, 'scrollTo').mockImplementation(() => {}));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('/pages/return-policy/ shows the return policy inside the layout', async () => {
    serveShell();
    renderWithProviders(<AppRoutes />, { route: RETURN_POLICY_PATH });
    expect(await screen.findByRole('heading', { level: 1, name: 'Returns and exchanges' })).toBeTruthy();
  });

  it('/pages/packaging/ shows the packaging page, and its link leads to the return policy', async () => {
    serveShell();
    renderWithProviders(<AppRoutes />, { route: PACKAGING_PATH });
    expect(await screen.findByRole('heading', { level: 1, name: 'Discreet packaging' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Returns and exchanges' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Returns and exchanges' })).toBeTruthy();
  });
});
