import { useForm } from 'react-hook-form';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MoneyInput, WHOLE_RULE } from './money-input.tsx';

function RegisteredForm({ onSubmit, initial = '' }: { onSubmit: (v: { value: string }) => void; initial?: string }) {
  const form = useForm({ defaultValues: { value: initial } });

  return (
    <form onSubmit={(e) => void form.handleSubmit(onSubmit)(e)}>
      <label htmlFor="v">Value</label>
      <MoneyInput id="v" {...form.register('value')} />
      <button type="submit">Save</button>
    </form>
  );
}

const type = (text: string) => fireEvent.change(screen.getByLabelText('Value'), { target: { value: text } });

describe('MoneyInput', () => {
  it.each([
    ['180,50', 'Reads as €180.50'],
    ['180.50', 'Reads as €180.50'],
    ['1 234,56', 'Reads as €1 234.56'],
    ['1.234,56', 'Reads as €1 234.56'],
    ['1,234.56', 'Reads as €1 234.56'],
    ['€ 180', 'Reads as €180'],
  ])('shows %s back as it will be saved', (typed, reads) => {
    render(<RegisteredForm onSubmit={vi.fn()} />);
    type(typed);
    expect(screen.getByTestId('number-reads')).toHaveTextContent(reads);
    expect(screen.getByLabelText('Value')).toHaveAttribute('aria-describedby', 'v-reads');
  });

  it('says why an ambiguous amount is refused, and says nothing when empty', () => {
    render(<RegisteredForm onSubmit={vi.fn()} />);
    expect(screen.queryByTestId('number-reads')).toBeNull();
    type('1.234');
    expect(screen.getByTestId('number-reads')).toHaveTextContent("'1.234' could be read two ways");
    type('');
    expect(screen.queryByTestId('number-reads')).toBeNull();
  });

  it('reads the value a form opens with, and hands the typed text to the form', async () => {
    const onSubmit = vi.fn();
    render(<RegisteredForm onSubmit={onSubmit} initial="10" />);
    expect(screen.getByTestId('number-reads')).toHaveTextContent('Reads as €10');
    type('2.500,75');
    fireEvent.click(screen.getByText('Save'));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ value: '2.500,75' });
  });

  it('reads measures and speaks Portuguese when asked', () => {
    render(<MoneyInput aria-label="Km" rule={WHOLE_RULE} unit="km" lang="pt" value="150.000" onChange={vi.fn()} />);
    expect(screen.getByTestId('number-reads')).toHaveTextContent('Lê-se 150 000 km');
    expect(screen.getByLabelText('Km')).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByLabelText('Km')).toHaveAttribute('type', 'text');
  });
});
