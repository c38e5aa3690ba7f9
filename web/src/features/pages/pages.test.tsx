// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PACKAGING_PATH, RETURN_POLICY_PATH } from '@/shared/lib/store-pages';
import { PackagingPage } from './components/PackagingPage';
import { ReturnPolicyPage } from './components/ReturnPolicyPage';

const renderAt = (ui: ReactNode, path: string) => render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);

/** The text of the section under a level-2 heading. */
function section(name: RegExp): string {
  const heading = screen.getByRole('heading', { level: 2, name });
  return heading.closest('section')?.textContent ?? '';
}

describe('return policy page', () => {
  it('states the 35-day window, the hygiene exclusions, how to start a return, exchanges and refunds', () => {
    renderAt(<ReturnPolicyPage />, RETURN_POLICY_PATH);

    expect(screen.getByRole('heading', { level: 1, name: 'Returns and exchanges' })).toBeTruthy();
    expect(document.title).toBe('Returns and exchanges · Drape');
    expect(screen.getByTestId('return-policy-page').textContent).toMatch(/within 35 days of delivery/);

    const excluded = section(/what you cannot return/i);
    expect(excluded).toMatch(/briefs and panties are not returnable and cannot be exchanged/i);
    expect(excluded).toMatch(/multi-piece box that contains them/i);
    expect(excluded).toMatch(/hygiene/i);

    const start = screen.getByRole('heading', { level: 2, name: /how to start a return/i }).closest('section')!;
    const steps = within(start)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(steps[0]).toMatch(/My orders/);
    expect(steps[1]).toMatch(/Open the order and choose Return/);
    expect(within(start).getByRole('link', { name: 'My orders' }).getAttribute('href')).toBe('/order/history/');

    expect(section(/^exchanges$/i)).toMatch(/another size|size you need/i);
    const refunds = section(/refunds/i);
    expect(refunds).toMatch(/original payment method/);
    expect(refunds).toMatch(/Drape wallet/);
    expect(screen.getByRole('link', { name: 'Drape wallet' }).getAttribute('href')).toBe('/account/wallet');

    // the way on to the other page
    expect(screen.getByRole('link', { name: 'How we pack your order' }).getAttribute('href')).toBe(PACKAGING_PATH);
  });
});

describe('packaging page', () => {
  it('describes the discreet parcel: plain box without product names, a label that says "Drape" only, tissue inside', () => {
    renderAt(<PackagingPage />, PACKAGING_PATH);

    expect(screen.getByRole('heading', { level: 1, name: 'Discreet packaging' })).toBeTruthy();
    expect(document.title).toBe('Discreet packaging · Drape');
    expect(section(/what does the parcel look like/i)).toMatch(/plain outer box.*no product names/i);
    expect(section(/what does the shipping label say/i)).toMatch(/“Drape” only/);
    expect(section(/how is it packed inside/i)).toMatch(/wrapped in tissue paper/i);
    expect(section(/cash on delivery/i)).toMatch(/looks exactly the same/);
    expect(screen.getAllByRole('link', { name: /returns and exchanges/i })[0]!.getAttribute('href')).toBe(RETURN_POLICY_PATH);
  });
});
