/**
 * Test support: an in-memory stand-in for the shop's order service with the interface the TON
 * side relies on (orders priced from the catalogue, fulfil idempotent per payment id), and an
 * in-memory database with the migrations applied. Not used by the running server.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { currencyById, fromUnits, totalPriceUnits } from '@pixel-wall/shared';
import Fastify, { type FastifyError } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { type Database, openDatabase } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { AppError } from '../../errors.ts';
import type { App } from '../../http.ts';
import { createTestStore, type DbKind } from '../../testing/harness.ts';
import type { FulfilResult, Order } from '../shop/index.ts';
import type { FulfilOutcome, ShopOrders } from './types.ts';

export interface MemoryShop extends ShopOrders {
  orders: Map<string, Order>;
  /** fulfil calls, in order, with what they answered */
  calls: { orderId: string; paymentId: string; paidUnits: bigint; outcome: FulfilOutcome }[];
  fulfilledCount(orderId: string): number;
}

export function createMemoryShop(): MemoryShop {
  const orders = new Map<string, Order>();
  const payments = new Set<string>();
  const calls: MemoryShop['calls'] = [];
  return {
    orders,
    calls,
    fulfilledCount: (id) => calls.filter((c) => c.orderId === id && c.outcome === 'fulfilled').length,
    async createOrder(input) {
      const units = totalPriceUnits(input.productId, input.currencyId, input.quantity);
      const currency = currencyById(input.currencyId);
      if (units === null || !currency) throw new Error('no price in this currency');
      const order: Order = {
        id: randomUUID(),
        userId: input.userId,
        productId: input.productId,
        quantity: input.quantity,
        currencyId: input.currencyId,
        amount: fromUnits(units, currency.decimals),
        amountUnits: units,
        channel: input.channel,
        memo: input.channel === 'ton' ? `pw-${randomBytes(5).toString('hex')}` : null,
        pixanosColor: null,
        daily: input.daily ?? false,
        status: 'pending',
        createdAt: Date.now(),
        fulfilledAt: null,
      };
      orders.set(order.id, order);
      return order;
    },
    async fulfil(input): Promise<FulfilResult> {
      const order = orders.get(input.orderId) ?? null;
      let result: FulfilResult;
      if (payments.has(input.paymentId)) result = { status: 'duplicate' };
      else if (!order) result = { status: 'rejected', reason: 'unknown_order', order };
      else if (order.currencyId !== input.currencyId)
        result = { status: 'rejected', reason: 'wrong_currency', order };
      else if (input.paidUnits < order.amountUnits)
        result = { status: 'rejected', reason: 'underpaid', order };
      else if (order.status !== 'pending') result = { status: 'rejected', reason: 'not_pending', order };
      else {
        order.status = 'fulfilled';
        result = { status: 'fulfilled', order };
      }
      payments.add(input.paymentId);
      calls.push({
        orderId: input.orderId,
        paymentId: input.paymentId,
        paidUnits: input.paidUnits,
        outcome: result.status,
      });
      return result;
    },
  };
}

export interface TestDatabase extends Database {
  /** closes and, for PostgreSQL, drops the throwaway database */
  dispose(): Promise<void>;
}

/** A throwaway database with every migration, and players with the given ids. */
export async function testDatabase(userIds: number[] = [], kind: DbKind = 'pglite'): Promise<TestDatabase> {
  const store = kind === 'pglite' ? null : await createTestStore(kind);
  const db = store ? await store.open() : await openDatabase({ url: null, dataDir: null });
  await migrate(db);
  for (const id of userIds) {
    await db.query('INSERT INTO users (id, first_name, charges, charges_updated_at) VALUES ($1, $2, 5, 0)', [
      id,
      `Player ${id}`,
    ]);
  }
  return Object.assign(db, {
    dispose: async () => {
      await db.close();
      await store?.dispose();
    },
  });
}

/**
 * A bare Fastify app with the real app's validation and error shape, where the caller is named by
 * an `x-test-user` header: enough to test a module's routes without the whole server.
 */
export async function testApp(register: (app: App) => void): Promise<App> {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('userId', null);
  app.addHook('preHandler', async (req) => {
    const header = req.headers['x-test-user'];
    req.userId = typeof header === 'string' ? Number(header) : null;
    if (req.routeOptions.config.auth === 'required' && req.userId === null) {
      throw new AppError('UNAUTHORIZED', 'Sign in first.');
    }
  });
  app.setErrorHandler((err: FastifyError, _req, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.status).send({
        error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) },
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.code(400).send({ error: { code: 'BAD_REQUEST', message: err.message } });
    }
    return reply.code(err.statusCode ?? 500).send({ error: { code: 'INTERNAL', message: err.message } });
  });
  register(app);
  await app.ready();
  return app;
}
