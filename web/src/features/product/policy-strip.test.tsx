// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { POLICY, PolicyStrip } from './components/PolicyStrip';

function strip(nonreturnable: boolean) {
  render(
    <MemoryRouter>
      <PolicyStrip nonreturnable={nonreturnable} />
    </MemoryRouter>,
  );
  return within(screen.getByTestId('policy-strip'));
}

describe('<PolicyStrip>', () => {
  it('links the return policy to /pages/return-policy/ and discreet packaging to /pages/packaging/', () => {
    const s = strip(false);
    expect(s.getByRole('link', { name: POLICY.returns }).getAttribute('href')).toBe('/pages/return-policy/');
    expect(s.getByRole('link', { name: POLICY.packaging }).getAttribute('href')).toBe('/pages/packaging/');
    // shipping and cash on delivery have no page of their own: plain lines
    expect(s.getAllByRole('link')).toHaveLength(2);
    expect(s.getByText(POLICY.shipping).closest('a')).toBeNull();
    expect(s.getByText(POLICY.cod).closest('a')).toBeNull();
  });

  it('links the non-returnable notice, which replaces the return policy, to the return policy page', () => {
    const s = strip(true);
    expect(s.queryByText(POLICY.returns)).toBeNull();
    expect(s.getByRole('link', { name: POLICY.nonReturnable }).getAttribute('href')).toBe('/pages/return-policy/');
    expect(s.getByRole('link', { name: POLICY.packaging }).getAttribute('href')).toBe('/pages/packaging/');
  });
});
