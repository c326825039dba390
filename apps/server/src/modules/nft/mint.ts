/**
 * The mint message: a TON Connect transaction the player's wallet sends to the collection.
 * Its body is the collection's "deploy item" message of the TON NFT standard (TEP-62 reference
 * collection, op 1): query id, item index, the TON forwarded to the new item, and the item's
 * content cell (owner address, then a reference to the item's metadata path, which the collection
 * appends to its common content URL). The item index is the drawing's approval number − 1.
 */
import { Address, beginCell, Cell } from '@ton/core';

/** TON sent to the collection with the mint message, nanotons (0.08 TON). */
export const MINT_AMOUNT_NANO = 80_000_000n;
/** of which forwarded to the new item contract for its storage, nanotons (0.05 TON) */
export const MINT_FORWARD_NANO = 50_000_000n;
/** how long the wallet may take to send it, seconds */
export const MINT_VALID_SECONDS = 300;

export interface MintInput {
  collection: string;
  owner: string;
  itemIndex: number;
  /** the item's metadata path under the collection's common content URL */
  contentPath: string;
  queryId: bigint;
}

export function mintBody(input: MintInput): Cell {
  const content = beginCell()
    .storeAddress(Address.parse(input.owner))
    .storeRef(beginCell().storeStringTail(input.contentPath).endCell())
    .endCell();
  return beginCell()
    .storeUint(1, 32)
    .storeUint(input.queryId, 64)
    .storeUint(input.itemIndex, 64)
    .storeCoins(MINT_FORWARD_NANO)
    .storeRef(content)
    .endCell();
}

export function mintTransaction(input: MintInput, nowSeconds: number) {
  return {
    validUntil: nowSeconds + MINT_VALID_SECONDS,
    messages: [
      {
        address: Address.parse(input.collection).toString({ bounceable: true }),
        amount: MINT_AMOUNT_NANO.toString(),
        payload: mintBody(input).toBoc().toString('base64'),
      },
    ],
  };
}

/** The hash (hex) of a signed external message the wallet reports, or null when it is not a BOC. */
export function messageHash(bocBase64: string): string | null {
  try {
    const cells = Cell.fromBoc(Buffer.from(bocBase64, 'base64'));
    return cells.length === 1 ? cells[0]!.hash().toString('hex') : null;
  } catch {
    return null;
  }
}
