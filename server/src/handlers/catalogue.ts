// Public reads: health, products, promos per product, ship methods, news, events, spaces.
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
import type { HandlerMap } from '../handler-types';
import { ok } from '../handler-types';
import { notFound } from '../http-error';
import { checkPromo, toCents } from '../money';

const SORT_COLUMNS: Record<string, string> = {
  createdAt: 'created_at',
  quantity: 'quantity',
  price: 'price_cents',
  name: 'name',
  productId: 'id',
};

function int(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) ? value : fallback;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

interface NewsRow extends Row {
  id: number;
  title: string;
  description: string;
  image: string;
  time: string;
  created_at: string;
}

function newsJson(row: NewsRow): Record<string, unknown> {
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

function eventJson(row: EventRow): Record<string, unknown> {
  return {
    eventId: row.id,
    name: row.name,
    image: row.image,
    startDate: row.start_date,
    duration: row.duration,
  };
}

export const catalogueHandlers: HandlerMap = {
  getHealth: ({ now }) => ok({ status: 'ok', time: now.toISOString() }),

  listFeaturedProducts: ({ db, query }) => {
    const size = int(query.size, 4);
    const category = str(query.category);
    const rows = db.all<ProductRow>(
      `SELECT * FROM products WHERE is_available_at_web = 1 ${category ? 'AND category = ?' : ''}
        ORDER BY created_at, id LIMIT ?`,
      category ? [category, size] : [size],
    );
    return ok(productsJson(db, rows));
  },

  searchProducts: ({ db, query }) => {
    const page = int(query.page, 0);
    const size = int(query.size, 8);
    const where: string[] = [];
    const args: (string | number)[] = [];
    const category = str(query.category);
    if (category) {
      where.push('category = ?');
      args.push(category);
    }
    const search = str(query.search)?.trim();
    if (search) {
      // instr() instead of LIKE so % and _ in the search box are plain characters.
      where.push('instr(lower(name), lower(?)) > 0');
      args.push(search);
    }
    if (typeof query.maxPrice === 'number') {
      where.push('price_cents <= ?');
      args.push(toCents(query.maxPrice));
    }
    const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const column = SORT_COLUMNS[str(query.sortBy) ?? 'createdAt'] ?? 'created_at';
    const direction = query.sortDirection === 'desc' ? 'DESC' : 'ASC';
    const total = Number(
      db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM products ${whereSql}`, args)?.n ?? 0,
    );
    const rows = db.all<ProductRow>(
      `SELECT * FROM products ${whereSql} ORDER BY ${column} ${direction}, id ASC LIMIT ? OFFSET ?`,
      [...args, size, page * size],
    );
    return ok({
      items: productsJson(db, rows),
      totalPages: Math.ceil(total / size),
      totalElements: total,
      page,
      size,
    });
  },

  listRelatedProducts: ({ db, query }) => {
    const size = int(query.size, 4);
    const rows = db.all<ProductRow>(
      'SELECT * FROM products WHERE category = ? AND id <> ? ORDER BY created_at, id LIMIT ?',
      [str(query.category) ?? '', int(query.excludedId, 0), size],
    );
    return ok(productsJson(db, rows));
  },

  getProduct: ({ db, params }) => {
    const row = getProductRow(db, int(params.productId, 0));
    if (!row) throw notFound('Product not found');
    const [product] = productsJson(db, [row]);
    return ok(product);
  },

  listProductPromos: ({ db, params, now }) => {
    const row = getProductRow(db, int(params.productId, 0));
    if (!row) throw notFound('Product not found');
    const line = [{ productId: row.id, unitCents: row.price_cents, quantity: 1 }];
    const availablePromos: unknown[] = [];
    const unavailablePromos: unknown[] = [];
    for (const promo of allPromos(db)) {
      const verdict = checkPromo(promo, line, { now });
      if (verdict.accepted) availablePromos.push(promoJson(promo));
      else unavailablePromos.push({ ...promoJson(promo), reason: verdict.message });
    }
    return ok({ productId: row.id, availablePromos, unavailablePromos });
  },

  listShipMethods: ({ db }) =>
    ok(
      db
        .all<ShipMethodRow>('SELECT * FROM ship_methods WHERE is_active = 1 ORDER BY id')
        .map(shipMethodJson),
    ),

  listNews: ({ db, query }) => {
    const page = int(query.page, 0);
    const size = int(query.size, 6);
    const total = Number(db.get<{ n: number }>('SELECT COUNT(*) AS n FROM news')?.n ?? 0);
    const rows = db.all<NewsRow>(
      'SELECT * FROM news ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?',
      [size, page * size],
    );
    return ok({
      items: rows.map(newsJson),
      totalPages: Math.ceil(total / size),
      totalElements: total,
      page,
      size,
    });
  },

  getNews: ({ db, params }) => {
    const row = db.get<NewsRow>('SELECT * FROM news WHERE id = ?', [int(params.newId, 0)]);
    if (!row) throw notFound('News not found');
    return ok(newsJson(row));
  },

  listUpcomingEvents: ({ db, query, now }) => {
    const rows = db.all<EventRow>(
      'SELECT * FROM events WHERE start_date > ? ORDER BY start_date ASC, id LIMIT ?',
      [now.toISOString(), int(query.size, 3)],
    );
    return ok(rows.map(eventJson));
  },

  listClosedEvents: ({ db, query, now }) => {
    const size = int(query.size, 8);
    const page = int(query.page, 0);
    const rows = db.all<EventRow>(
      'SELECT * FROM events WHERE start_date <= ? ORDER BY start_date DESC, id DESC LIMIT ? OFFSET ?',
      [now.toISOString(), size, page * size],
    );
    return ok(rows.map(eventJson));
  },

  listSpaces: ({ db }) =>
    ok(
      db
        .all<{ id: number; name: string; type: string; image: string }>(
          'SELECT * FROM spaces ORDER BY id',
        )
        .map((s) => ({ spaceId: s.id, name: s.name, type: s.type, image: s.image })),
    ),
};
