import { css } from 'styled-system/css';
import { emptyShippingAddress, shippingAddressSchema } from './address.schema';
import { withFieldGroup } from './shop-form';
import { countries } from '../lib/countries';

const shape = shippingAddressSchema.shape;
const gridStyle = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
  gap: '4',
});
const wideStyle = css({ gridColumn: { sm: 'span 2' } });

/**
 * The address fields of checkout step 0 and of the account's address dialog: one component, so
 * both ask in the same order (spec §2: Name, Apartment suite etc, Country, Province, City,
 * Postal Code, Street, the phone input, "Set as default address"), with the same labels, the
 * same phone input and the same rules (spec §5, validated on blur). `fields` places them in the
 * host form: `"shippingAddress"` in checkout, a map of the top-level names in the dialog.
 */
export const AddressFields = withFieldGroup({
  defaultValues: emptyShippingAddress,
  render: function Render({ group }) {
    return (
      <div className={gridStyle}>
        <group.AppField name="name" validators={{ onBlur: shape.name }}>
          {(field) => (
            <field.TextInput className={wideStyle} label="Name" autoComplete="shipping name" />
          )}
        </group.AppField>
        <group.AppField name="apartment" validators={{ onBlur: shape.apartment }}>
          {(field) => (
            <field.TextInput
              className={wideStyle}
              label="Apartment suite etc"
              hint="Optional"
              autoComplete="shipping address-line2"
            />
          )}
        </group.AppField>
        <group.AppField name="country" validators={{ onBlur: shape.country }}>
          {(field) => (
            <field.SelectInput label="Country" autoComplete="shipping country">
              <option value="">Country</option>
              {countries().map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </field.SelectInput>
          )}
        </group.AppField>
        <group.AppField name="province" validators={{ onBlur: shape.province }}>
          {(field) => <field.TextInput label="Province" autoComplete="shipping address-level1" />}
        </group.AppField>
        <group.AppField name="city" validators={{ onBlur: shape.city }}>
          {(field) => <field.TextInput label="City" autoComplete="shipping address-level2" />}
        </group.AppField>
        <group.AppField name="postalCode" validators={{ onBlur: shape.postalCode }}>
          {(field) => <field.TextInput label="Postal Code" autoComplete="shipping postal-code" />}
        </group.AppField>
        <group.AppField name="street" validators={{ onBlur: shape.street }}>
          {(field) => (
            <field.TextInput
              className={wideStyle}
              label="Street"
              autoComplete="shipping address-line1"
            />
          )}
        </group.AppField>
        <group.AppField name="phoneNumber" validators={{ onBlur: shape.phoneNumber }}>
          {(field) => <field.PhoneInput className={wideStyle} autoComplete="shipping tel" />}
        </group.AppField>
        <group.AppField name="isDefault">
          {(field) => <field.CheckboxInput className={wideStyle} label="Set as default address" />}
        </group.AppField>
      </div>
    );
  },
});
