// The address book: exactly one default per user whenever the user has any address.
import type { components } from '../../contract/schema';
import type { Db, Row } from './db';

export interface AddressRow extends Row {
  id: number;
  user_id: number;
  name: string;
  country: string;
  province: string | null;
  city: string;
  street: string;
  postal_code: string;
  apartment: string | null;
  phone_number: string;
  is_default: number;
}

// The request and answer shapes come from openapi.yaml, so the book cannot drift from the contract.
export type AddressInput = components['schemas']['AddressInput'];
type Address = components['schemas']['Address'];

export function addressJson(row: AddressRow): Address {
  return {
    addressId: row.id,
    name: row.name,
    apartment: row.apartment,
    country: row.country,
    province: row.province ?? '',
    city: row.city,
    postalCode: row.postal_code,
    street: row.street,
    phoneNumber: row.phone_number,
    isDefault: row.is_default === 1,
  };
}

export function listAddressRows(db: Db, userId: number): Promise<AddressRow[]> {
  return db.all<AddressRow>(
    'SELECT * FROM addresses WHERE user_id = ? ORDER BY is_default DESC, id',
    [userId],
  );
}

export function getAddressRow(
  db: Db,
  userId: number,
  addressId: number,
): Promise<AddressRow | undefined> {
  return db.get<AddressRow>('SELECT * FROM addresses WHERE id = ? AND user_id = ?', [
    addressId,
    userId,
  ]);
}

function clean(input: AddressInput): (string | null)[] {
  const apartment = input.apartment?.trim() ? input.apartment.trim() : null;
  return [
    input.name.trim(),
    input.country.trim(),
    input.province.trim(),
    input.city.trim(),
    input.street.trim(),
    input.postalCode.trim(),
    apartment,
    input.phoneNumber.trim(),
  ];
}

export async function makeDefault(db: Db, userId: number, addressId: number): Promise<void> {
  await db.run(
    'UPDATE addresses SET is_default = CASE WHEN id = ? THEN 1 ELSE 0 END WHERE user_id = ?',
    [addressId, userId],
  );
}

/** The first address becomes the default; isDefault true moves the default here. */
export function insertAddress(
  db: Db,
  userId: number,
  input: AddressInput,
  now: Date,
): Promise<AddressRow> {
  return db.transaction(async () => {
    const counted = await db.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM addresses WHERE user_id = ?',
      [userId],
    );
    const inserted = await db.get<{ id: number }>(
      `INSERT INTO addresses (user_id, name, country, province, city, street, postal_code, apartment, phone_number,
         is_default, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?) RETURNING id`,
      [userId, ...clean(input), now.toISOString()],
    );
    if (!inserted) throw new Error('address insert failed');
    if (Number(counted?.n ?? 0) === 0 || input.isDefault === true)
      await makeDefault(db, userId, inserted.id);
    const row = await getAddressRow(db, userId, inserted.id);
    if (!row) throw new Error('address insert failed');
    return row;
  });
}

/** isDefault true moves the default here; false on the current default is ignored (one default must remain). */
export function replaceAddress(
  db: Db,
  userId: number,
  addressId: number,
  input: AddressInput,
): Promise<AddressRow | undefined> {
  return db.transaction(async () => {
    const { changes } = await db.run(
      `UPDATE addresses SET name = ?, country = ?, province = ?, city = ?, street = ?, postal_code = ?, apartment = ?,
         phone_number = ? WHERE id = ? AND user_id = ?`,
      [...clean(input), addressId, userId],
    );
    if (changes === 0) return undefined;
    if (input.isDefault === true) await makeDefault(db, userId, addressId);
    return getAddressRow(db, userId, addressId);
  });
}

/** Deleting the default promotes the oldest remaining address. */
export function deleteAddressRow(db: Db, userId: number, addressId: number): Promise<boolean> {
  return db.transaction(async () => {
    const row = await getAddressRow(db, userId, addressId);
    if (!row) return false;
    await db.run('DELETE FROM addresses WHERE id = ?', [addressId]);
    if (row.is_default === 1) {
      const next = await db.get<{ id: number }>(
        'SELECT id FROM addresses WHERE user_id = ? ORDER BY id LIMIT 1',
        [userId],
      );
      if (next) await makeDefault(db, userId, next.id);
    }
    return true;
  });
}

/** How an address compares with another: trimmed, one space between words, any case. */
function addressKey(parts: readonly (string | null | undefined)[]): string {
  return JSON.stringify(
    parts.map((part) =>
      (part ?? '').normalize('NFKC').trim().replace(/\s+/gu, ' ').toLocaleLowerCase('en'),
    ),
  );
}

function inputKey(input: AddressInput): string {
  return addressKey([
    input.name,
    input.country,
    input.province,
    input.city,
    input.street,
    input.postalCode,
    input.apartment,
    input.phoneNumber.replace(/\D+/gu, ''),
  ]);
}

function rowKey(row: AddressRow): string {
  return addressKey([
    row.name,
    row.country,
    row.province,
    row.city,
    row.street,
    row.postal_code,
    row.apartment,
    row.phone_number.replace(/\D+/gu, ''),
  ]);
}

/** The saved address that is the same as this one once normalised (case, spaces), if any. */
async function findSameAddress(
  db: Db,
  userId: number,
  input: AddressInput,
): Promise<AddressRow | undefined> {
  const key = inputKey(input);
  return (await listAddressRows(db, userId)).find((row) => rowKey(row) === key);
}

/**
 * Saves a checkout address into the book unless the same address is already there, told apart
 * from it only by case or spaces ("12 King St W" and " 12  king st w"): that one is reused, so
 * checking out again never piles up near-duplicates. "Set as default address" makes whichever
 * it is the default.
 */
export function rememberAddress(
  db: Db,
  userId: number,
  input: AddressInput,
  now: Date,
): Promise<void> {
  return db.transaction(async () => {
    const same = await findSameAddress(db, userId, input);
    if (same) {
      if (input.isDefault === true) await makeDefault(db, userId, same.id);
      return;
    }
    await insertAddress(db, userId, input, now);
  });
}
