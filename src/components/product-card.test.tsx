import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product } from '../api/types';
import { renderApp } from '../../tests/support/render-app';
import { ProductCard } from './product-card';

const product = (overrides: Partial<Product>): Product => ({
  productId: 1,
  name: 'ristretto bianco',
  price: 5,
  oldPrice: null,
  description: '',
  category: 'coffee_baverage',
  quantity: 9,
  isAvailableAtWeb: true,
  images: [],
  ...overrides,
});

describe('ProductCard', () => {
  it('marks a product sold at the café only, before anyone tries to add it', () => {
    renderApp({ ui: <ProductCard product={product({ isAvailableAtWeb: false })} /> });
    expect(screen.getByTestId('cafe-only').textContent).toBe('Café only');
  });

  it('has no such mark for a product sold online', () => {
    renderApp({ ui: <ProductCard product={product({ isAvailableAtWeb: true })} /> });
    expect(screen.queryByTestId('cafe-only')).toBeNull();
  });
});
