import { describe, expect, it } from 'vitest';
import { displayName } from './display-name';

describe('displayName', () => {
  it('starts every word of a name typed in lower case with a capital', () => {
    expect(displayName('cappucino')).toBe('Cappucino');
    expect(displayName('iced coffee with milk')).toBe('Iced Coffee With Milk');
    expect(displayName('long window')).toBe('Long Window');
  });

  it('reads a name typed all in capitals as words first', () => {
    expect(displayName('EXHIBITION COFFEE HARDWARE')).toBe('Exhibition Coffee Hardware');
    expect(displayName('SENSORY AND CUPPING CLASS')).toBe('Sensory And Cupping Class');
  });

  it('keeps what is typed otherwise: units, numbers and brackets', () => {
    expect(displayName('coffee temper 58 MM')).toBe('Coffee Temper 58 MM');
    expect(displayName('glass tea pot teiera (6 cups)')).toBe('Glass Tea Pot Teiera (6 Cups)');
    expect(displayName('Bezzera Latte Art Competition')).toBe('Bezzera Latte Art Competition');
  });
});
