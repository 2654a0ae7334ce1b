// Public reads: health, products, promos per product, ship methods, news, events, spaces.
import type { components } from '../../../contract/schema';
import {
  allPromos,
  getProductRow,
  productsJson,
  promoJson,
  shipMethodJson,
  type ProductRow,
  type ShipMethodRow,
} from '../catalogue-store';
import type { Row } from '../db';
import type { HandlerMap, QueryParams } from '../handler-types';
import { ok } from '../handler-types';
import { notFound } from '../http-error';
import { checkPromo, toCents } from '../money';

type SearchQuery = QueryParams<'searchProducts'>;
type ProductPromos = components['schemas']['ProductPromos'];

// Keyed by the contract's sortBy values, so a new sort option cannot compile without a column.
const SORT_COLUMNS: Record<NonNullable<SearchQuery['sortBy']>, string> = {
  createdAt: 'created_at',
  quantity: 'quantity',
  price: 'price_cents',
  name: 'name',
  productId: 'id',
};

interface NewsRow extends Row {
  id: number;
  title: string;
  description: string;
  image: string;
  time: string;
  created_at: string;
}

function newsJson(row: NewsRow): components['schemas']['News'] {
  return {
    newId: row.id,
    title: row.title,
    image: row.image,
    createdAt: row.created_at,
    time: row.time,
    description: row.description,
  };
}

interface EventRow extends Row {
  id: number;
  name: string;
  image: string;
  duration: string;
  start_date: string;
}

function eventJson(row: EventRow): components['schemas']['Event'] {
  return {
    eventId: row.id,
    name: row.name,
    image: row.image,
    startDate: row.start_date,
    duration: row.duration,
  };
}

interface SpaceRow extends Row {
  id: number;
  name: string;
  // Only the seed writes spaces, with the contract's types.
  type: components['schemas']['Space']['type'];
  image: string;
  width: number;
  height: number;
}

function spaceJson(row: SpaceRow): components['schemas']['Space'] {
  const { id: spaceId, name, type, image, width, height } = row;
  return { spaceId, name, type, image, width, height };
}

export const catalogueHandlers = {
  getHealth: ({ now }) => ok({ status: 'ok', time: now.toISOString() }),

  listFeaturedProducts: async (ctx) => {
    const { db } = ctx;
    const query = ctx.query;
    const size = query.size ?? 4;
    const category = query.category;
    const rows = await db.all<ProductRow>(
      `SELECT * FROM products WHERE is_available_at_web = 1 ${category ? 'AND category = ?' : ''}
        ORDER BY created_at, id LIMIT ?`,
      category ? [category, size] : [size],
    );
    return ok(await productsJson(db, rows));
  },

  searchProducts: async (ctx) => {
    const { db } = ctx;
    const query = ctx.query;
    const page = query.page ?? 0;
    const size = query.size ?? 8;
    const where: string[] = [];
    const args: (string | number)[] = [];
    const category = query.category;
    if (category) {
      where.push('category = ?');
      args.push(category);
    }
    const search = query.search?.trim();
    if (search) {
      // instr() instead of LIKE so % and _ in the search box are plain characters.
      where.push('instr(lower(name), lower(?)) > 0');
      args.push(search);
    }
    if (query.maxPrice !== undefined) {
      where.push('price_cents <= ?');
      args.push(toCents(query.maxPrice));
    }
    const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const column = SORT_COLUMNS[query.sortBy ?? 'createdAt'];
    const direction = query.sortDirection === 'desc' ? 'DESC' : 'ASC';
    const total = Number(
      (await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM products ${whereSql}`, args))?.n ?? 0,
    );
    const rows = await db.all<ProductRow>(
      `SELECT * FROM products ${whereSql} ORDER BY ${column} ${direction}, id ASC LIMIT ? OFFSET ?`,
      [...args, size, page * size],
    );
    return ok({
      items: await productsJson(db, rows),
      totalPages: Math.ceil(total / size),
      totalElements: total,
      page,
      size,
    });
  },

  listRelatedProducts: async (ctx) => {
    const { db } = ctx;
    const query = ctx.query;
    const size = query.size ?? 4;
    const rows = await db.all<ProductRow>(
      'SELECT * FROM products WHERE category = ? AND id <> ? ORDER BY created_at, id LIMIT ?',
      [query.category, query.excludedId, size],
    );
    return ok(await productsJson(db, rows));
  },

  getProduct: async ({ db, params }) => {
    const { productId } = params;
    const row = await getProductRow(db, productId);
    if (!row) throw notFound('Product not found');
    const [product] = await productsJson(db, [row]);
    // One row in gives one product out; a bare 200 with no body would break the contract.
    if (!product) throw new Error('product JSON missing');
    return ok(product);
  },

  listProductPromos: async ({ db, params, now }) => {
    const { productId } = params;
    const row = await getProductRow(db, productId);
    if (!row) throw notFound('Product not found');
    const line = [{ productId: row.id, unitCents: row.price_cents, quantity: 1 }];
    const availablePromos: ProductPromos['availablePromos'] = [];
    const unavailablePromos: ProductPromos['unavailablePromos'] = [];
    for (const promo of await allPromos(db)) {
      const verdict = checkPromo(promo, line, { now });
      if (verdict.accepted) availablePromos.push(promoJson(promo));
      else unavailablePromos.push({ ...promoJson(promo), reason: verdict.message });
    }
    return ok({ productId: row.id, availablePromos, unavailablePromos });
  },

  listShipMethods: async ({ db }) =>
    ok(
      (
        await db.all<ShipMethodRow>('SELECT * FROM ship_methods WHERE is_active = 1 ORDER BY id')
      ).map(shipMethodJson),
    ),

  listNews: async (ctx) => {
    const { db } = ctx;
    const query = ctx.query;
    const total = Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM news'))?.n ?? 0);
    const newestFirst = 'SELECT * FROM news ORDER BY created_at DESC, id DESC';
    // The contract's news list is a plain array (spec §7); paging is optional and the total
    // travels in a header, so the body keeps one shape whether or not a client pages.
    const rows =
      query.size === undefined
        ? await db.all<NewsRow>(newestFirst)
        : await db.all<NewsRow>(`${newestFirst} LIMIT ? OFFSET ?`, [
            query.size,
            (query.page ?? 0) * query.size,
          ]);
    return { ...ok(rows.map(newsJson)), headers: { 'X-Total-Count': String(total) } };
  },

  getNews: async ({ db, params }) => {
    const { newId } = params;
    const row = await db.get<NewsRow>('SELECT * FROM news WHERE id = ?', [newId]);
    if (!row) throw notFound('News not found');
    return ok(newsJson(row));
  },

  listUpcomingEvents: async (ctx) => {
    const { db, now } = ctx;
    const query = ctx.query;
    const rows = await db.all<EventRow>(
      'SELECT * FROM events WHERE start_date > ? ORDER BY start_date ASC, id LIMIT ?',
      [now.toISOString(), query.size ?? 3],
    );
    return ok(rows.map(eventJson));
  },

  listClosedEvents: async (ctx) => {
    const { db, now } = ctx;
    const query = ctx.query;
    const size = query.size ?? 8;
    const page = query.page ?? 0;
    const rows = await db.all<EventRow>(
      'SELECT * FROM events WHERE start_date <= ? ORDER BY start_date DESC, id DESC LIMIT ? OFFSET ?',
      [now.toISOString(), size, page * size],
    );
    return ok(rows.map(eventJson));
  },

  listSpaces: async ({ db }) =>
    ok((await db.all<SpaceRow>('SELECT * FROM spaces ORDER BY id')).map(spaceJson)),
} satisfies HandlerMap;
