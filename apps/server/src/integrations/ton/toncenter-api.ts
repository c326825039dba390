/**
 * The toncenter v3 calls the payout wallets make (v4R2 one at a time, highload v3 in batches):
 *   GET  /api/v3/walletInformation?address=…&use_v2=false   balance, seqno, status of our wallet
 *   GET  /api/v3/jetton/wallets?owner_address=…&jetton_address=…   our jetton wallet and balance
 *   POST /api/v3/message {boc}                                  submit a signed external message
 *   GET  /api/v3/transactionsByMessage?msg_hash=…&direction=in   the transaction a message started
 * Every request goes through `toncenterRequest` (indexer.ts); every answer is validated; a failure
 * is a TonIndexerError.
 */
import { z } from 'zod';
import { normalizeTonAddress } from './address.ts';
import { TonIndexerError, toncenterRequest } from './indexer.ts';

export interface ToncenterApiOptions {
  /** toncenter base URL (a trailing /api/v3 is accepted) */
  baseUrl: string;
  apiKey?: string | null;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;
const digits = z.string().regex(/^\d{1,40}$/);
const address = z.string().max(128);

const walletInfoSchema = z.object({
  balance: z.union([digits, z.number().int().nonnegative()]),
  seqno: z.number().int().min(0).max(0xffffffff).nullish(),
  status: z.string().max(32).nullish(),
});

const jettonWalletsSchema = z.object({
  jetton_wallets: z
    .array(
      z.object({ address, balance: digits, owner: address.nullish(), jetton: address.nullish() }).loose(),
    )
    .max(100),
});

/** A transaction as transactionsByMessage lists it, reduced to what payouts read. */
export const toncenterTxSchema = z.object({
  hash: z.string().min(1).max(128),
  account: address,
  description: z
    .object({
      aborted: z.boolean().nullish(),
      action: z.object({ success: z.boolean().nullish() }).loose().nullish(),
    })
    .loose()
    .nullish(),
  out_msgs: z
    .array(
      z
        .object({
          hash: z.string().max(128).nullish(),
          destination: address.nullish(),
          value: z.union([digits, z.number().int().nonnegative()]).nullish(),
          message_content: z
            .object({ hash: z.string().max(128).nullish() })
            .loose()
            .nullish(),
        })
        .loose(),
    )
    .max(255)
    .nullish(),
});
export type ToncenterTx = z.infer<typeof toncenterTxSchema>;

const txListSchema = z.object({ transactions: z.array(z.unknown()).max(100) });

export function createToncenterApi(opts: ToncenterApiOptions) {
  const request = toncenterRequest(opts, MAX_RESPONSE_BYTES, 'toncenter');
  const get = (path: string, query: Record<string, string>) => request(path, { query });

  return {
    async walletState(wallet: string): Promise<{ balance: bigint; seqno: number; active: boolean }> {
      const info = walletInfoSchema.safeParse(
        await get('walletInformation', { address: wallet, use_v2: 'false' }),
      );
      if (!info.success) throw new TonIndexerError('toncenter sent an unexpected walletInformation shape');
      return {
        balance: BigInt(info.data.balance),
        seqno: info.data.seqno ?? 0,
        active: info.data.status === 'active',
      };
    },

    /** The owner's jetton wallet for a master, raw, with its balance; null when it has none. */
    async jettonWalletOf(
      owner: string,
      master: string,
    ): Promise<{ address: string; balance: bigint } | null> {
      const body = jettonWalletsSchema.safeParse(
        await get('jetton/wallets', {
          owner_address: owner,
          jetton_address: master,
          limit: '1',
          offset: '0',
        }),
      );
      if (!body.success) throw new TonIndexerError('toncenter sent an unexpected jetton/wallets shape');
      const w = body.data.jetton_wallets[0];
      const raw = w ? normalizeTonAddress(w.address) : '';
      return w && raw ? { address: raw, balance: BigInt(w.balance) } : null;
    },

    /** Submits a signed external message; the answer's hashes are not needed (ours are known). */
    async sendMessage(boc: string): Promise<void> {
      await request('message', { body: { boc } });
    },

    /** Transactions the message (hex or base64 hash) came in to, unvalidated items. */
    async transactionsByMessage(msgHash: string): Promise<unknown[]> {
      const list = txListSchema.safeParse(
        await get('transactionsByMessage', { msg_hash: msgHash, direction: 'in', limit: '10' }),
      );
      if (!list.success) {
        throw new TonIndexerError('toncenter sent an unexpected transactionsByMessage shape');
      }
      return list.data.transactions;
    },
  };
}

export type ToncenterApi = ReturnType<typeof createToncenterApi>;
