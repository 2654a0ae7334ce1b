import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DESCRIPTION_LIMIT, ProductDescription } from './product-description';

const LONG = `${'Dense and sweet. '.repeat(14)}The end.`;

describe('product description', () => {
  it('cuts a long text at 200 characters and opens and closes it with Read more / Read less', async () => {
    expect(LONG.length).toBeGreaterThan(DESCRIPTION_LIMIT);
    const user = userEvent.setup();
    render(<ProductDescription text={LONG} />);
    const text = screen.getByTestId('product-description');

    expect(text.textContent).toBe(`${LONG.slice(0, 200).trimEnd()}...`);
    const more = screen.getByRole('button', { name: 'Read more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');

    await user.click(more);
    expect(text.textContent).toBe(LONG);
    const less = screen.getByRole('button', { name: 'Read less' });
    expect(less.getAttribute('aria-expanded')).toBe('true');

    await user.click(less);
    expect(text.textContent).toBe(`${LONG.slice(0, 200).trimEnd()}...`);
  });

  it('shows a text of exactly 200 characters whole, with no button', () => {
    const exact = 'a'.repeat(DESCRIPTION_LIMIT);
    render(<ProductDescription text={exact} />);

    expect(screen.getByTestId('product-description').textContent).toBe(exact);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
