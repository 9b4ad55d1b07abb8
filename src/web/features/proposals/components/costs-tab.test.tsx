import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calculateTax } from '#shared/tax/calculate.ts';
import type { TaxInput } from '#shared/tax/types.ts';
import { CostBreakdown } from './costs-tab.tsx';

const input = (firstRegistration: string): TaxInput => ({
  fuel: 'petrol',
  engineCc: 1395,
  co2: 135,
  co2Cycle: 'wltp',
  firstRegistration,
  declarationDate: '2025-11-21',
  registrationCountry: 'eu',
  hybrid: 'none',
  electricRangeKm: 0,
  euro6eBis: false,
  dieselParticlesBelowLimit: false,
});

function renderFor(firstRegistration: string) {
  const tax = calculateTax(input(firstRegistration));
  render(
    <CostBreakdown
      costs={{
        isvCost: tax.isv.toFixed(2),
        ivaCost: '0.00',
        totalCost: '1000.00',
        tax,
        missing: [],
        declarationDate: '2025-11-21',
      }}
      price="20000"
      transport="500"
      registration="100"
    />,
  );
}

describe('CostBreakdown: the age reduction names its band', () => {
  it.each([
    ['2021-08-01', 'Age reduction (more than 4 up to 5 years)', '43%'], // 4 years 3 months
    ['2025-06-01', 'Age reduction (up to 1 year)', '10%'],
    ['2012-03-01', 'Age reduction (more than 10 years)', '80%'],
  ])('first registered %s: %s', (first, label, percent) => {
    renderFor(first);
    const term = screen.getByText(label);
    expect(term.nextElementSibling).toHaveTextContent(percent);
    expect(screen.queryByText(/\(\d+ yr\)/)).toBeNull();
  });
});
