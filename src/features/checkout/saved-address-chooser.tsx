import { css, cx } from 'styled-system/css';
import type { Address } from '../../api/types';
import { shipToLine } from './checkout-parts';

const optionStyle = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '3',
  p: '3',
  borderRadius: 'lg',
  borderWidth: '1px',
  borderColor: 'border',
  cursor: 'pointer',
  _focusWithin: { focusOutline: 'snug' },
});
const chosenStyle = css({ borderColor: 'accent', bg: 'surfaceMuted' });
const radioStyle = css({ w: '4.5', h: '4.5', mt: '0.5', accentColor: 'accent', flexShrink: 0 });

export type SavedAddressChooserProps = {
  addresses: Address[];
  /** The saved address the fields hold now, or null when they hold another one. */
  chosenId: number | null;
  /** A saved address, or null for "A new address". */
  onChoose: (address: Address | null) => void;
};

/**
 * A signed-in shopper's saved addresses above the address fields (issue 18: returning shoppers
 * do not retype). Choosing one fills the fields; "A new address" empties them. Which one is
 * chosen follows the fields: edit a saved address and "A new address" is the one chosen.
 */
export function SavedAddressChooser({ addresses, chosenId, onChoose }: SavedAddressChooserProps) {
  return (
    <fieldset className={css({ border: 'none', p: '0', m: '0', mb: '6', minW: '0' })}>
      <legend className={css({ fontWeight: 'semibold', fontSize: 'sm', mb: '2' })}>
        Saved addresses
      </legend>
      <ul
        className={css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none' })}
      >
        {addresses.map((address) => (
          <li key={address.addressId}>
            <label className={cx(optionStyle, chosenId === address.addressId && chosenStyle)}>
              <input
                type="radio"
                name="savedAddress"
                value={address.addressId}
                checked={chosenId === address.addressId}
                onChange={() => onChoose(address)}
                className={radioStyle}
              />
              <span className={css({ minW: '0', overflowWrap: 'anywhere' })}>
                <span className={css({ fontWeight: 'semibold' })}>{address.name}</span>
                {address.isDefault ? (
                  <span
                    className={css({
                      ml: '2',
                      px: '2',
                      py: '0.5',
                      borderRadius: 'full',
                      bg: 'surfaceMuted',
                      borderWidth: '1px',
                      borderColor: 'border',
                      fontSize: 'xs',
                      fontWeight: 'semibold',
                    })}
                  >
                    Default
                  </span>
                ) : null}
                <span className={css({ display: 'block', fontSize: 'sm', color: 'textMuted' })}>
                  {shipToLine(address)}
                </span>
              </span>
            </label>
          </li>
        ))}
        <li>
          <label className={cx(optionStyle, chosenId === null && chosenStyle)}>
            <input
              type="radio"
              name="savedAddress"
              value="new"
              checked={chosenId === null}
              onChange={() => onChoose(null)}
              className={radioStyle}
            />
            <span className={css({ fontWeight: 'semibold' })}>A new address</span>
          </label>
        </li>
      </ul>
    </fieldset>
  );
}
