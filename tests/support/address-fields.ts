// What the one address-fields component (src/components/address-fields.tsx) asks, wherever it is
// used (checkout step 0, the account's address dialog): spec §2's order and labels.
export const ADDRESS_FIELD_ORDER = [
  ['Name', 'text'],
  ['Apartment suite etc', 'text'],
  ['Country', 'select'],
  ['Province', 'text'],
  ['City', 'text'],
  ['Postal Code', 'text'],
  ['Street', 'text'],
  ['Phone Number', 'tel'],
  ['Set as default address', 'checkbox'],
] as const;

/** Each control's label and kind, in document order. */
export function addressFieldLabels(root: HTMLElement): [string, string][] {
  return Array.from(root.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select'))
    .filter((element) => element.name !== 'savedAddress')
    .map((element) => {
      const label = element.id
        ? root.querySelector(`label[for="${element.id}"]`)
        : element.closest('label');
      const kind = element instanceof HTMLSelectElement ? 'select' : element.type;
      return [label?.textContent?.trim() ?? '', kind];
    });
}
