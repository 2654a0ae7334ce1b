import { beforeEach, describe, expect, it } from 'vitest';
import { shipToLine } from './checkout-parts';
import { clearDrafts, draftKey, emptyDetails, readDraft, writeDraft } from './checkout-draft';

describe('the step 0 draft', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('is kept per shopper, so another account never sees it', () => {
    const values = emptyDetails('ada@lumen.test');
    values.shippingAddress.street = '12 King Street West';
    writeDraft(draftKey(null), values);
    expect(readDraft(draftKey(null))?.shippingAddress.street).toBe('12 King Street West');
    expect(readDraft(draftKey('demo@lumen.test'))).toBeNull();
  });

  it('drops values of the wrong type from a tampered draft', () => {
    window.sessionStorage.setItem(
      draftKey(null),
      JSON.stringify({
        email: 3,
        shippingAddress: { city: ['x'], street: 'Main', isDefault: 'yes' },
      }),
    );
    const draft = readDraft(draftKey(null));
    expect(draft?.email).toBe('');
    expect(draft?.shippingAddress.city).toBe('');
    expect(draft?.shippingAddress.street).toBe('Main');
    expect(draft?.shippingAddress.isDefault).toBe(false);
  });

  it('is removed once an order is placed', () => {
    writeDraft(draftKey(null), emptyDetails());
    writeDraft(draftKey('demo@lumen.test'), emptyDetails());
    window.sessionStorage.setItem('unrelated', '1');
    clearDrafts();
    expect(readDraft(draftKey(null))).toBeNull();
    expect(readDraft(draftKey('demo@lumen.test'))).toBeNull();
    expect(window.sessionStorage.getItem('unrelated')).toBe('1');
  });
});

describe('the "Ship to" line', () => {
  it('joins street, apartment, city, province, postal code and country, dropping empty parts', () => {
    const address = {
      name: 'Ada',
      apartment: '  ',
      country: 'CA',
      province: 'Ontario',
      city: 'Toronto',
      postalCode: 'M5V 2T6',
      street: '12 King Street West',
      phoneNumber: '17021234567',
      isDefault: false,
    };
    expect(shipToLine(address)).toBe('12 King Street West, Toronto, Ontario, M5V 2T6, Canada');
    expect(shipToLine({ ...address, apartment: 'Suite 4' })).toBe(
      '12 King Street West, Suite 4, Toronto, Ontario, M5V 2T6, Canada',
    );
  });
});
