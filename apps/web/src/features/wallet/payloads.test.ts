import type { StartTransactionResponse } from '@pixel-wall/shared';
import { describe, expect, it } from 'vitest';
import { beginCell, crc32c, parseTonAddress, toBocBase64 } from './boc.ts';
import {
  buildOrderTransaction,
  commentPayload,
  jettonTransferPayload,
  TransferBuildError,
} from './payloads.ts';

// Reference outputs of @ton/core 0.63 (`beginCell()…endCell().toBoc().toString('base64')`).
const COMMENT_SHORT = 'te6cckEBAQEADwAAGgAAAABQVy1hYmMxMjOLSa87';
const JETTON =
  'te6cckEBAgEAaAABrA+KfqUAAAAAB1vNFTFuNggBYidTKWoElCzjPtInJlHW6ysthxRL6yBRYo39m4bEO/0AKurq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urHMS0BAQAaAAAAAFBXLW1lbW8tMQ0TXRc=';
const COMMENT_LONG_HEAD = 'te6cckECAwEAATgAAf4AAAAAeHh4';
const COMMENT_LONG_TAIL = 'eHh4sqshPg==';

const USDT_MASTER = 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs';
const RAW_AB = `0:${'ab'.repeat(32)}`;

describe('BoC serialisation', () => {
  it('writes a text comment exactly as @ton/core does', () => {
    expect(commentPayload('PW-abc123')).toBe(COMMENT_SHORT);
  });

  it('continues a long comment in references (snake)', () => {
    const boc = commentPayload('x'.repeat(300));
    expect(boc.startsWith(COMMENT_LONG_HEAD)).toBe(true);
    expect(boc.endsWith(COMMENT_LONG_TAIL)).toBe(true);
  });

  it('writes a TEP-74 jetton transfer exactly as @ton/core does', () => {
    const boc = jettonTransferPayload({
      amount: 1_500_000n,
      destination: parseTonAddress(USDT_MASTER)!,
      responseDestination: parseTonAddress(RAW_AB)!,
      forwardTonAmount: '10000000',
      memo: 'PW-memo-1',
      queryId: 123_456_789n,
    });
    expect(boc).toBe(JETTON);
  });

  it('computes CRC32-C (check value of "123456789")', () => {
    expect(crc32c(new TextEncoder().encode('123456789'))).toBe(0xe3069283);
  });

  it('refuses values that do not fit', () => {
    expect(() => beginCell().uint(256, 8)).toThrow(RangeError);
    expect(() => beginCell().int(-129, 8)).toThrow(RangeError);
    const full = beginCell();
    for (let i = 0; i < 1023; i++) full.bit(1);
    expect(() => full.bit(0)).toThrow(/overflow/);
    expect(toBocBase64(full.end())).toMatch(/^te6cc/);
  });
});

describe('TON addresses', () => {
  it('reads user-friendly flags, workchain and hash', () => {
    const a = parseTonAddress('0QDNzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3NzdTJ')!;
    expect(a).toMatchObject({ workchain: 0, testOnly: true, bounceable: false });
    expect([...a.hash]).toEqual(new Array(32).fill(0xcd));
    expect(parseTonAddress(RAW_AB)?.hash[0]).toBe(0xab);
  });

  it('rejects a wrong checksum and garbage', () => {
    expect(parseTonAddress('0QDNzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3NzdTK')).toBeNull();
    expect(parseTonAddress('hello')).toBeNull();
  });
});

const order: StartTransactionResponse = {
  txMemCode: 'PW-memo-1',
  strAmount: '40000000',
  amount: '0.04',
  currencyId: 2,
  payTo: '0QDNzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3NzdTJ',
  jettonMaster: null,
  validUntil: 1_900_000_000,
};

describe('buildOrderTransaction', () => {
  it('pays TON to the payment wallet with the memo as the comment', () => {
    const tx = buildOrderTransaction(order, RAW_AB, null);
    expect(tx).toEqual({
      validUntil: 1_900_000_000,
      messages: [{ address: order.payTo, amount: '40000000', payload: commentPayload('PW-memo-1') }],
    });
  });

  it('sends jettons from the buyer’s jetton wallet with 0.101 TON attached', () => {
    const tx = buildOrderTransaction(
      { ...order, currencyId: 4, strAmount: '1500000', jettonMaster: USDT_MASTER, payTo: USDT_MASTER },
      RAW_AB,
      USDT_MASTER,
      123_456_789n,
    );
    expect(tx.messages).toEqual([{ address: USDT_MASTER, amount: '101000000', payload: JETTON }]);
  });

  it('refuses a jetton order without the buyer’s jetton wallet', () => {
    expect(() => buildOrderTransaction({ ...order, jettonMaster: USDT_MASTER }, RAW_AB, null)).toThrow(
      TransferBuildError,
    );
  });
});
