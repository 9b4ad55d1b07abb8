import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button, buttonVariants } from './button.tsx';

describe('Button', () => {
  it('renders a native button with the default variant and size', () => {
    render(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.tagName).toBe('BUTTON');
    expect(button).toHaveAttribute('data-slot', 'button');
    expect(button).toHaveAttribute('data-variant', 'default');
    expect(button).toHaveClass('bg-primary', 'text-primary-foreground', 'h-9');
  });

  it.each([
    ['destructive', 'bg-destructive'],
    ['outline', 'border'],
    ['secondary', 'bg-secondary'],
    ['ghost', 'hover:bg-accent'],
    ['link', 'underline-offset-4'],
  ] as const)('applies the %s variant', (variant, expected) => {
    render(<Button variant={variant}>Go</Button>);
    const button = screen.getByRole('button', { name: 'Go' });
    expect(button).toHaveAttribute('data-variant', variant);
    expect(button).toHaveClass(expected);
    expect(button).not.toHaveClass('bg-primary');
  });

  it.each([
    ['sm', 'h-8'],
    ['lg', 'h-10'],
    ['icon', 'size-9'],
  ] as const)('applies the %s size', (size, expected) => {
    render(<Button size={size} aria-label="x" />);
    const button = screen.getByRole('button', { name: 'x' });
    expect(button).toHaveClass(expected);
    expect(button).not.toHaveClass('h-9');
  });

  it('lets a caller class override a variant class (tailwind-merge)', () => {
    render(<Button className="bg-red-500">Delete</Button>);
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toHaveClass('bg-red-500');
    expect(button).not.toHaveClass('bg-primary');
  });

  it('renders its child instead of a button with asChild', () => {
    render(
      <Button asChild variant="outline">
        <a href="/leads">Leads</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Leads' });
    expect(link).toHaveAttribute('href', '/leads');
    expect(link).toHaveAttribute('data-slot', 'button');
    expect(link).toHaveClass('border', 'bg-background');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('is disabled when asked', () => {
    render(<Button disabled>Wait</Button>);
    expect(screen.getByRole('button', { name: 'Wait' })).toBeDisabled();
    expect(buttonVariants()).toContain('disabled:opacity-50');
  });
});
