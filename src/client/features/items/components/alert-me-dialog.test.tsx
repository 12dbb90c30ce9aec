// Alert me starts from the list's radius when one is chosen (docs/product.md, Saved alerts).
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { AlertMeDialog } from './alert-me-dialog';

const place = { lat: 40.735, lng: -73.99 };

describe('AlertMeDialog', () => {
  it("offers the list's radius first", async () => {
    renderApp(<AlertMeDialog search="lamp" location={place} radiusKm={25} onClose={() => {}} />);
    expect(await screen.findByRole('combobox')).toHaveValue('25');
  });

  it('offers 5 km without a radius on the list', async () => {
    renderApp(<AlertMeDialog search="lamp" location={place} radiusKm={null} onClose={() => {}} />);
    expect(await screen.findByRole('combobox')).toHaveValue('5');
  });
});
