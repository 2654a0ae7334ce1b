import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorSummary, type ErrorSummaryItem } from './error-summary';

// GOV.UK's error summary (ADR-0057): "There is a problem", one link per field with its
// message, a region named by its heading that takes focus once per failed submit.

const items: ErrorSummaryItem[] = [
  { message: 'Email is require', target: 'form-email' },
  { message: 'Phone Number is required', target: 'form-phone' },
];

function Form({ problems, focusKey }: { problems: ErrorSummaryItem[]; focusKey: number }) {
  return (
    <form>
      <ErrorSummary items={problems} focusKey={focusKey} />
      <label htmlFor="form-email">Email</label>
      <input id="form-email" />
      <label htmlFor="form-phone">Phone Number</label>
      <input id="form-phone" />
      <button type="button">Elsewhere</button>
    </form>
  );
}

describe('ErrorSummary', () => {
  it('shows nothing while there is no problem', () => {
    render(<Form problems={[]} focusKey={0} />);
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByText('There is a problem')).toBeNull();
  });

  it('is a region named "There is a problem", lists a link per field, and takes focus', () => {
    render(<Form problems={items} focusKey={1} />);
    const summary = screen.getByRole('region', { name: 'There is a problem' });
    expect(document.activeElement).toBe(summary);
    expect(summary.getAttribute('tabindex')).toBe('-1');
    // Focus makes it speak: an alert as well would say it twice.
    expect(summary.getAttribute('role')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'There is a problem' })).toBeTruthy();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Email is require',
      'Phone Number is required',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['#form-email', '#form-phone']);
  });

  it('a link moves focus to its field and brings its label into view, without a fragment', () => {
    // jsdom lays nothing out: record what was scrolled into view.
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    render(<Form problems={items} focusKey={1} />);
    const link = screen.getByRole('link', { name: 'Phone Number is required' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(screen.getByLabelText('Phone Number'));
    expect(window.location.hash).toBe('');
    expect(scrolled.map((element) => element.textContent)).toEqual(['Phone Number']);
  });

  it('a link to a control it cannot reach by id calls its own focus (a card field)', () => {
    const focus = vi.fn();
    render(
      <ErrorSummary
        items={[{ message: 'Your card number is incomplete.', target: 'card', focus }]}
        focusKey={1}
        description="Please correct the highlighted errors."
      />,
    );
    expect(screen.getByText('Please correct the highlighted errors.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Your card number is incomplete.' }));
    expect(focus).toHaveBeenCalledTimes(1);
  });

  it('takes focus again for each failed submit, not when the list changes', () => {
    function Host() {
      const [submits, setSubmits] = useState(1);
      const [problems, setProblems] = useState(items);
      return (
        <>
          <Form problems={problems} focusKey={submits} />
          <button type="button" onClick={() => setProblems(items.slice(1))}>
            Fix email
          </button>
          <button type="button" onClick={() => setSubmits((count) => count + 1)}>
            Submit
          </button>
        </>
      );
    }
    render(<Host />);
    const summary = screen.getByRole('region', { name: 'There is a problem' });
    expect(document.activeElement).toBe(summary);

    screen.getByLabelText('Email').focus();
    fireEvent.click(screen.getByRole('button', { name: 'Fix email' }));
    // A field fixed changes the list; focus stays with the shopper.
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(document.activeElement).toBe(summary);
  });
});
