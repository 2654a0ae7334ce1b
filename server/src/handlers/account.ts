// The signed-in user's profile, address book and order history.
import type { components } from '../../../contract/schema';
import {
  addressJson,
  deleteAddressRow,
  getAddressRow,
  insertAddress,
  listAddressRows,
  makeDefault,
  replaceAddress,
} from '../address-store';
import type { Row } from '../db';
import type { AuthUser, HandlerContext, HandlerMap } from '../handler-types';
import { ok } from '../handler-types';
import { ApiError, notFound, unauthorized, validationError } from '../http-error';
import { checkCurrentPassword } from './auth';
import { toAmount } from '../money';
import type { OrderStatus } from '../order-store';
import { getUser, getUserByEmail, remainingTtl, tokenFor, userJson } from '../session';

const EMAIL_TAKEN = 'An account with this email already exists';
const EMAIL_NEEDS_PASSWORD = 'Enter your current password to change your email';

function requireUser(ctx: HandlerContext): AuthUser {
  if (!ctx.user) throw unauthorized();
  return ctx.user;
}

// Request shapes from openapi.yaml; the router has validated the body against it already.
type AccountOrder = components['schemas']['AccountOrder'];

interface AccountOrderRow extends Row {
  id: number;
  status: OrderStatus;
  created_at: string;
  total_cents: number;
  payment_method: AccountOrder['paymentMethod'];
  line_count: number;
}

function accountOrderJson(row: AccountOrderRow): AccountOrder {
  return {
    orderId: row.id,
    status: row.status,
    createdAt: row.created_at,
    items: row.line_count,
    amount: toAmount(row.total_cents),
    paymentMethod: row.payment_method,
  };
}

export const accountHandlers = {
  getAccountUser: async (ctx) => {
    const user = await getUser(ctx.db, requireUser(ctx).id);
    if (!user) throw unauthorized();
    return ok(await userJson(ctx.db, user));
  },

  updateAccountUser: async (ctx) => {
    const { id, tokenVersion } = requireUser(ctx);
    const body = ctx.body;
    const before = await getUser(ctx.db, id);
    if (!before) throw unauthorized();
    // A new email is a new way into the account: it takes the current password, and every
    // other session ends (this one gets the answer's new token).
    const emailChanges =
      body.email !== undefined && body.email.trim().toLowerCase() !== before.email.toLowerCase();
    if (emailChanges) {
      if (!body.currentPassword) throw validationError({ currentPassword: EMAIL_NEEDS_PASSWORD });
      await checkCurrentPassword(ctx, before, body.currentPassword);
    }
    const updated = await ctx.db.transaction(async () => {
      const current = await getUser(ctx.db, id);
      if (!current) throw unauthorized();
      const email = body.email?.trim() ?? current.email;
      if (email.toLowerCase() !== current.email.toLowerCase()) {
        const other = await getUserByEmail(ctx.db, email);
        if (other && other.id !== id) {
          throw new ApiError(409, 'EMAIL_TAKEN', EMAIL_TAKEN, { fields: { email: EMAIL_TAKEN } });
        }
        // Checked against the version this session holds: a password change meanwhile wins.
        if (current.token_version !== tokenVersion) throw unauthorized();
        await ctx.db.run('UPDATE users SET token_version = token_version + 1 WHERE id = ?', [id]);
      }
      const username = body.username?.trim() ?? current.username;
      const phone =
        body.phone === undefined
          ? current.phone
          : body.phone === null || body.phone === ''
            ? null
            : body.phone;
      await ctx.db.run('UPDATE users SET email = ?, username = ?, phone = ? WHERE id = ?', [
        email,
        username,
        phone,
        id,
      ]);
      return getUser(ctx.db, id);
    });
    if (!updated) throw unauthorized();
    // The token's sub and username follow the change; its expiry stays the session's.
    return ok({
      user: await userJson(ctx.db, updated),
      token: tokenFor(ctx, updated, remainingTtl(ctx)),
    });
  },

  listAddresses: async (ctx) =>
    ok((await listAddressRows(ctx.db, requireUser(ctx).id)).map(addressJson)),

  createAddress: async (ctx) => {
    const { id } = requireUser(ctx);
    const row = await insertAddress(ctx.db, id, ctx.body, ctx.now);
    return ok(addressJson(row), 201);
  },

  updateAddress: async (ctx) => {
    const { id } = requireUser(ctx);
    const { addressId } = ctx.params;
    const row = await replaceAddress(ctx.db, id, addressId, ctx.body);
    if (!row) throw notFound('Address not found');
    return ok(addressJson(row));
  },

  deleteAddress: async (ctx) => {
    const { id } = requireUser(ctx);
    const { addressId } = ctx.params;
    const deleted = await deleteAddressRow(ctx.db, id, addressId);
    if (!deleted) throw notFound('Address not found');
    return { status: 204 };
  },

  setDefaultAddress: async (ctx) => {
    const { id } = requireUser(ctx);
    const { addressId } = ctx.params;
    await ctx.db.transaction(async () => {
      if (!(await getAddressRow(ctx.db, id, addressId))) throw notFound('Address not found');
      await makeDefault(ctx.db, id, addressId);
    });
    return ok((await listAddressRows(ctx.db, id)).map(addressJson));
  },

  listAccountOrders: async (ctx) => {
    const { id } = requireUser(ctx);
    const query = ctx.query;
    const where = ['o.user_id = ?'];
    const args: (string | number)[] = [id];
    if (query.status !== undefined) {
      where.push('o.status = ?');
      // The storefront may say CANCELED; the server stores CANCELLED.
      args.push(query.status === 'CANCELED' ? 'CANCELLED' : query.status);
    }
    const search = query.search !== undefined ? query.search.trim().replace(/^#/, '') : '';
    if (search !== '') {
      where.push(
        `(CAST(o.id AS TEXT) = ? OR EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = o.id
           AND instr(lower(oi.product_name), lower(?)) > 0))`,
      );
      args.push(search, search);
    }
    const rows = await ctx.db.all<AccountOrderRow>(
      `SELECT o.id, o.status, o.created_at, o.total_cents, o.payment_method,
              (SELECT COUNT(*) FROM order_items oi WHERE oi.order_id = o.id) AS line_count
         FROM orders o WHERE ${where.join(' AND ')}
        ORDER BY o.created_at DESC, o.id DESC`,
      args,
    );
    return ok(rows.map(accountOrderJson));
  },
} satisfies HandlerMap;
