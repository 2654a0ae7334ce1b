// Catalogue reads shared by the handlers: rows in, contract-shaped JSON out.
import type { components } from '../../contract/schema';
import type { Db, Row } from './db';
import { toAmount, type DiscountType, type PromoRule } from './money';

type Product = components['schemas']['Product'];
type Promo = components['schemas']['Promo'];
type ShipMethod = components['schemas']['ShipMethod'];

export interface ProductRow extends Row {
  id: number;
  name: string;
  description: string;
  price_cents: number;
  old_price_cents: number | null;
  quantity: number;
  // Only the seed writes products, with the contract's categories.
  category: components['schemas']['Category'];
  is_available_at_web: number;
  created_at: string;
}

interface ImageRow extends Row {
  id: number;
  product_id: number;
  image_url: string;
  is_main: number;
}

export function getProductRow(db: Db, id: number): Promise<ProductRow | undefined> {
  return db.get<ProductRow>('SELECT * FROM products WHERE id = ?', [id]);
}

/** Products with their images, in the order given. */
export async function productsJson(db: Db, rows: readonly ProductRow[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const images = await db.all<ImageRow>(
    `SELECT * FROM product_images WHERE product_id IN (${ids.map(() => '?').join(',')}) ORDER BY is_main DESC, id`,
    ids,
  );
  const byProduct = new Map<number, ImageRow[]>();
  for (const image of images) {
    const list = byProduct.get(image.product_id) ?? [];
    list.push(image);
    byProduct.set(image.product_id, list);
  }
  return rows.map((row) => ({
    productId: row.id,
    name: row.name,
    price: toAmount(row.price_cents),
    oldPrice: row.old_price_cents === null ? null : toAmount(row.old_price_cents),
    description: row.description,
    category: row.category,
    quantity: row.quantity,
    isAvailableAtWeb: row.is_available_at_web === 1,
    images: (byProduct.get(row.id) ?? []).map((image) => ({
      productImageId: image.id,
      imageUrl: image.image_url,
      isMain: image.is_main === 1,
    })),
  }));
}

export async function mainImageUrl(db: Db, productId: number): Promise<string | null> {
  const row = await db.get<{ image_url: string }>(
    'SELECT image_url FROM product_images WHERE product_id = ? ORDER BY is_main DESC, id LIMIT 1',
    [productId],
  );
  return row?.image_url ?? null;
}

/** "Ristretto bianco" from "ristretto bianco": messages start with a capital. */
function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function outOfStockMessage(name: string, stock: number): string {
  return stock <= 0
    ? `${capitalise(name)} is out of stock`
    : `Only ${stock} left in stock for ${name}`;
}

export function unavailableMessage(name: string): string {
  return `${capitalise(name)} is only available at the cafe`;
}

interface PromoRow extends Row {
  id: number;
  code: string;
  title: string;
  description: string;
  discount_type: string;
  discount_value: number;
  start_at: string | null;
  end_at: string | null;
  is_active: number;
  card_only: number;
}

export interface PromoRecord extends PromoRule {
  title: string;
  description: string;
  /** Paid by card only ("With Credit or Debit Card"): a cash-on-delivery order is refused it. */
  cardOnly: boolean;
}

function toPromoRecord(row: PromoRow, productIds: number[]): PromoRecord {
  return {
    promoId: row.id,
    code: row.code,
    title: row.title,
    description: row.description,
    discountType: row.discount_type as DiscountType,
    discountValue: row.discount_value,
    startAt: row.start_at,
    endAt: row.end_at,
    isActive: row.is_active === 1,
    productIds,
    cardOnly: row.card_only === 1,
  };
}

async function promoProducts(db: Db, promoIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (promoIds.length === 0) return map;
  const rows = await db.all<{ promo_id: number; product_id: number }>(
    `SELECT promo_id, product_id FROM promo_products WHERE promo_id IN (${promoIds.map(() => '?').join(',')})
     ORDER BY product_id`,
    promoIds,
  );
  for (const row of rows) {
    const list = map.get(row.promo_id) ?? [];
    list.push(row.product_id);
    map.set(row.promo_id, list);
  }
  return map;
}

export async function allPromos(db: Db): Promise<PromoRecord[]> {
  const rows = await db.all<PromoRow>('SELECT * FROM promos ORDER BY id');
  const products = await promoProducts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toPromoRecord(row, products.get(row.id) ?? []));
}

export async function promoById(db: Db, id: number): Promise<PromoRecord | undefined> {
  const row = await db.get<PromoRow>('SELECT * FROM promos WHERE id = ?', [id]);
  return row
    ? toPromoRecord(row, (await promoProducts(db, [row.id])).get(row.id) ?? [])
    : undefined;
}

export async function promoByCode(db: Db, code: string): Promise<PromoRecord | undefined> {
  const row = await db.get<PromoRow>('SELECT * FROM promos WHERE code = ? COLLATE NOCASE', [
    code.trim(),
  ]);
  return row
    ? toPromoRecord(row, (await promoProducts(db, [row.id])).get(row.id) ?? [])
    : undefined;
}

export function promoJson(promo: PromoRecord): Promo {
  return {
    promoId: promo.promoId,
    code: promo.code,
    title: promo.title,
    description: promo.description,
    discountType: promo.discountType,
    // Hundredths to the number shown: 2.5 (dollars) or 50 (percent).
    discountValue: promo.discountValue / 100,
    startAt: promo.startAt,
    endAt: promo.endAt,
    isActive: promo.isActive,
  };
}

export interface ShipMethodRow extends Row {
  id: number;
  name: string;
  code: string;
  expected_arrival: string;
  price_cents: number;
  is_active: number;
}

export function shipMethodJson(row: ShipMethodRow): ShipMethod {
  return {
    methodId: row.id,
    methodName: row.name,
    code: row.code,
    expectedArrival: row.expected_arrival,
    price: toAmount(row.price_cents),
  };
}

export function getShipMethod(db: Db, id: number): Promise<ShipMethodRow | undefined> {
  return db.get<ShipMethodRow>('SELECT * FROM ship_methods WHERE id = ?', [id]);
}
