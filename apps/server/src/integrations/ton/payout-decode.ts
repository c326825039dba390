/**
 * Reading a signed v4R2 external message back: who it is for, its seqno and expiry, the internal
 * messages it asks the wallet to send (TON with a comment, or a TEP-74 jetton transfer), and
 * whether the signature holds. The fake toncenter uses it to accept payouts as a wallet would,
 * and tests use it to check destination and amount.
 */
import {
  type Address,
  beginCell,
  Cell,
  loadMessage,
  loadMessageRelaxed,
  type MessageRelaxed,
  type Slice,
  storeStateInit,
} from '@ton/core';
import { signVerify } from '@ton/crypto';
import { rawAddress } from './address.ts';
import { JETTON_TRANSFER_OP, normalizedExternalHash } from './payout-wallet.ts';

export interface DecodedJettonTransfer {
  queryId: bigint;
  amount: bigint;
  /** raw receiving owner */
  destination: string;
  responseDestination: string | null;
  forwardTonAmount: bigint;
  comment: string | null;
}

export interface DecodedOutMessage {
  mode: number;
  /** raw */
  to: string;
  value: bigint;
  bounce: boolean;
  comment: string | null;
  jetton: DecodedJettonTransfer | null;
  /** hash of the message body, lower-case hex */
  bodyHash: string;
}

export interface DecodedWalletMessage {
  /** raw wallet the external message is for */
  wallet: string;
  /** the state_init's data when the message deploys the wallet */
  initData: Cell | null;
  /** hash of the state_init (the address it deploys), when present */
  initHash: Buffer | null;
  signature: Buffer;
  /** what the signature covers */
  signedHash: Buffer;
  subwalletId: number;
  validUntil: number;
  seqno: number;
  op: number;
  messages: DecodedOutMessage[];
  /** lower-case hex */
  messageHash: string;
  normalizedHash: string;
}

const raw = (a: Address) => rawAddress({ workchain: a.workChain, hash: a.hash });

function readComment(s: Slice): string | null {
  if (s.remainingBits < 32 || s.preloadUint(32) !== 0) return null;
  s.skip(32);
  return s.loadStringTail();
}

function readJettonTransfer(s: Slice): DecodedJettonTransfer | null {
  if (s.remainingBits < 32 || s.preloadUint(32) !== JETTON_TRANSFER_OP) return null;
  s.skip(32);
  const queryId = s.loadUintBig(64);
  const amount = s.loadCoins();
  const destination = s.loadAddress();
  const response = s.loadMaybeAddress();
  s.loadMaybeRef();
  const forwardTonAmount = s.loadCoins();
  const inRef = s.remainingBits > 0 ? s.loadBit() : false;
  const payload = inRef ? s.loadRef().beginParse() : s;
  return {
    queryId,
    amount,
    destination: raw(destination),
    responseDestination: response ? raw(response) : null,
    forwardTonAmount,
    comment: readComment(payload),
  };
}

/** One message a wallet sends: TON with a comment, or a TEP-74 jetton transfer. */
export function decodeOutMessage(mode: number, out: MessageRelaxed): DecodedOutMessage {
  if (out.info.type !== 'internal') throw new Error('the wallet may only send internal messages');
  const payload = out.body.beginParse();
  const jetton = readJettonTransfer(payload.clone());
  return {
    mode,
    to: raw(out.info.dest),
    value: out.info.value.coins,
    bounce: out.info.bounce,
    comment: jetton ? null : readComment(payload),
    jetton,
    bodyHash: out.body.hash().toString('hex'),
  };
}

/** Throws when the BoC is not an external message to a v4-style wallet. */
export function decodeWalletExternal(boc: string): DecodedWalletMessage {
  const cell = Cell.fromBase64(boc);
  const msg = loadMessage(cell.beginParse());
  if (msg.info.type !== 'external-in') throw new Error('not an external message');
  const body = msg.body.beginParse();
  const signature = body.loadBuffer(64);
  const signed = beginCell().storeSlice(body.clone()).endCell();
  const subwalletId = body.loadUint(32);
  const validUntil = body.loadUint(32);
  const seqno = body.loadUint(32);
  const op = body.remainingBits >= 8 ? body.loadUint(8) : 0;
  const messages: DecodedOutMessage[] = [];
  while (body.remainingRefs > 0 && body.remainingBits >= 8) {
    const mode = body.loadUint(8);
    messages.push(decodeOutMessage(mode, loadMessageRelaxed(body.loadRef().beginParse())));
  }
  const init = msg.init ?? null;
  return {
    wallet: raw(msg.info.dest),
    initData: init?.data ?? null,
    initHash: init ? beginCell().store(storeStateInit(init)).endCell().hash() : null,
    signature,
    signedHash: signed.hash(),
    subwalletId,
    validUntil,
    seqno,
    op,
    messages,
    messageHash: cell.hash().toString('hex'),
    normalizedHash: normalizedExternalHash(msg.info.dest, msg.body).toString('hex'),
  };
}

/** The public key stored in a v3/v4 wallet's data (seqno 32, subwallet 32, key 256). */
export function publicKeyOfWalletData(data: Cell): Buffer {
  const s = data.beginParse();
  s.skip(64);
  return s.loadBuffer(32);
}

export function signatureHolds(m: DecodedWalletMessage, publicKey: Buffer): boolean {
  return signVerify(m.signedHash, m.signature, publicKey);
}
