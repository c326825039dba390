/**
 * TON Connect `ton_proof` check: the wallet signs (with the key of the account it claims) a
 * message naming our domain, a timestamp and a payload we issued, so a player cannot connect an
 * address they do not control.
 *
 * message   = "ton-proof-item-v2/" ++ workchain (u32 BE) ++ account hash (32 B)
 *             ++ domain length (u32 LE) ++ domain ++ timestamp (u64 LE) ++ payload
 * signature = Ed25519 over sha256(0xffff ++ "ton-connect" ++ sha256(message))
 *
 * The key is read from the wallet's state_init (known wallet contracts only), and the claimed
 * address must be the hash of that state_init: that binds the key to the account. For any other
 * wallet contract, `verifyTonProofOnline` asks the deployed account for its key through its
 * `get_public_key` get-method (wallet-key.ts), as TON Connect prescribes.
 */
import { createHash, createPublicKey, verify as verifySignature } from 'node:crypto';
import { Cell, CellType, loadStateInit } from '@ton/core';
import { parseTonAddress, rawAddress, type TonAddress } from './address.ts';
import { DEFAULT_PROOF_MAX_AGE_SECONDS } from './limits.ts';

export const TON_PROOF_PREFIX = 'ton-proof-item-v2/';
const CONNECT_PREFIX = Buffer.concat([Buffer.from([0xff, 0xff]), Buffer.from('ton-connect', 'utf8')]);
/** DER SubjectPublicKeyInfo header of an Ed25519 key; the raw 32 bytes follow. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
/** Clocks drift: a proof stamped slightly ahead of ours is still fresh. */
const MAX_FUTURE_SKEW_SECONDS = 60;

/** 'other': a wallet contract outside the known five, whose key came from `get_public_key` */
export type WalletVersion = 'v3r1' | 'v3r2' | 'v4r1' | 'v4r2' | 'v5r1' | 'other';

/** The reason for a state_init whose contract is not one of the known wallets (or does not parse). */
export const UNKNOWN_WALLET_REASON = 'unknown wallet contract or bad state_init';

/**
 * Code hash → where the public key sits in the data cell. v3: seqno u32, subwallet u32, key;
 * v4: the same plus a plugins dict; W5 (v5r1): is_signature_allowed bit, seqno u32, wallet_id
 * u32, key, extensions dict.
 */
const WALLETS: ReadonlyMap<string, { version: WalletVersion; keyOffsetBits: number }> = new Map([
  [
    'b61041a58a7980b946e8fb9e198e3c904d24799ffa36574ea4251c41a566f581',
    { version: 'v3r1', keyOffsetBits: 64 },
  ],
  [
    '84dafa449f98a6987789ba232358072bc0f76dc4524002a5d0918b9a75d2d599',
    { version: 'v3r2', keyOffsetBits: 64 },
  ],
  [
    '64dd54805522c5be8a9db59cea0105ccf0d08786ca79beb8cb79e880a8d7322d',
    { version: 'v4r1', keyOffsetBits: 64 },
  ],
  [
    'feb5ff6820e2ff0d9483e7e0d62c817d846789fb4ae580c878866d959dabd5c0',
    { version: 'v4r2', keyOffsetBits: 64 },
  ],
  [
    '20834b7b72b112147e1b2fb457b84e74d1a30f04f737d4f62a668e9552d2b72f',
    { version: 'v5r1', keyOffsetBits: 65 },
  ],
]);

export interface TonProofInput {
  /** raw `0:hex` as TON Connect sends it (a friendly form is accepted too) */
  address: string;
  network?: string;
  /** hex; null or absent when the wallet did not send it */
  public_key?: string | null;
  proof: {
    timestamp: number;
    domain: { lengthBytes: number; value: string };
    /** base64, 64 bytes */
    signature: string;
    payload: string;
    /** base64 BoC of the wallet's StateInit */
    state_init: string;
  };
}

export interface TonProofOptions {
  /** Domains the proof may name (case-insensitive); null switches the check off (old vectors). */
  allowedDomains: readonly string[] | null;
  /** Oldest accepted proof; null switches the freshness check off. Default 15 minutes. */
  maxAgeSeconds?: number | null;
  /** unix seconds; default the clock */
  now?: number;
  /** True when the payload is one we issued and has not been used; null switches it off. */
  checkPayload: ((payload: string) => boolean) | null;
  /** '-239' mainnet, '-3' testnet; when set, the proof's network must match. */
  network?: string | null;
  /**
   * The account's public key (hex) as its `get_public_key` get-method answered it: used only when
   * the state_init is not a known wallet contract (the address must still be its hash).
   */
  walletKey?: string | null;
}

export type TonProofResult =
  | { ok: true; address: string; publicKey: string; walletVersion: WalletVersion }
  | { ok: false; reason: string };

function sha256(data: Uint8Array): Buffer {
  return createHash('sha256').update(data).digest();
}

/** The bytes the wallet hashes (before the 0xffff "ton-connect" wrapping). */
export function tonProofMessage(
  address: Pick<TonAddress, 'workchain' | 'hash'>,
  proof: { timestamp: number; domain: { value: string }; payload: string },
): Buffer {
  const wc = Buffer.alloc(4);
  wc.writeInt32BE(address.workchain);
  const domain = Buffer.from(proof.domain.value, 'utf8');
  const domainLength = Buffer.alloc(4);
  domainLength.writeUInt32LE(domain.length);
  const timestamp = Buffer.alloc(8);
  timestamp.writeBigUInt64LE(BigInt(proof.timestamp));
  return Buffer.concat([
    Buffer.from(TON_PROOF_PREFIX, 'utf8'),
    wc,
    address.hash,
    domainLength,
    domain,
    timestamp,
    Buffer.from(proof.payload, 'utf8'),
  ]);
}

/** 0xffff ++ "ton-connect" ++ sha256(message): its sha256 is what the wallet signs. */
export function tonProofFullMessage(message: Uint8Array): Buffer {
  return Buffer.concat([CONNECT_PREFIX, sha256(message)]);
}

export function tonProofSignedHash(message: Uint8Array): Buffer {
  return sha256(tonProofFullMessage(message));
}

/** The single root cell of a base64 BoC, or null when it is not one. */
function rootCell(boc: string | Cell): Cell | null {
  if (typeof boc !== 'string') return boc;
  try {
    const cells = Cell.fromBoc(Buffer.from(boc, 'base64'));
    return cells.length === 1 ? cells[0]! : null;
  } catch {
    return null;
  }
}

/** Hash of the code: of the cell itself, or of the library a library cell points to. */
function codeHashOf(code: Cell): string | null {
  if (!code.isExotic) return code.hash().toString('hex');
  if (code.type !== CellType.Library) return null;
  const s = code.beginParse(true);
  s.skip(8);
  return s.loadBuffer(32).toString('hex');
}

export interface StateInitKey {
  publicKey: string;
  walletVersion: WalletVersion;
  codeHash: string;
}

/** The wallet's public key (hex) from its state_init, for the known wallet contracts only. */
export function publicKeyFromStateInit(stateInit: string | Cell): StateInitKey | null {
  const cell = rootCell(stateInit);
  if (!cell || cell.isExotic) return null;
  try {
    const init = loadStateInit(cell.beginParse());
    if (!init.code || !init.data) return null;
    const codeHash = codeHashOf(init.code);
    const wallet = codeHash ? WALLETS.get(codeHash) : undefined;
    if (!codeHash || !wallet) return null;
    const data = init.data.beginParse();
    if (data.remainingBits < wallet.keyOffsetBits + 256) return null;
    data.skip(wallet.keyOffsetBits);
    return { publicKey: data.loadBuffer(32).toString('hex'), walletVersion: wallet.version, codeHash };
  } catch {
    return null;
  }
}

/** The account a state_init deploys to: `workchain:hash(state_init)`, or '' when it does not parse. */
export function stateInitAddress(stateInit: string | Cell, workchain: number): string {
  const cell = rootCell(stateInit);
  if (!cell || cell.isExotic) return '';
  return rawAddress({ workchain, hash: cell.hash() });
}

function ed25519Verify(publicKey: Buffer, data: Buffer, signature: Buffer): boolean {
  try {
    const key = createPublicKey({
      key: Buffer.concat([ED25519_SPKI_PREFIX, publicKey]),
      format: 'der',
      type: 'spki',
    });
    return verifySignature(null, data, key, signature);
  } catch {
    return false;
  }
}

const fail = (reason: string): TonProofResult => ({ ok: false, reason });

export function verifyTonProof(input: TonProofInput, opts: TonProofOptions): TonProofResult {
  const { proof } = input;
  if (opts.network && input.network !== opts.network) return fail('wrong network');

  const address = parseTonAddress(input.address);
  if (!address) return fail('bad address');

  const domainBytes = Buffer.byteLength(proof.domain.value, 'utf8');
  if (proof.domain.lengthBytes !== domainBytes) return fail('domain length mismatch');
  if (opts.allowedDomains !== null) {
    const domain = proof.domain.value.toLowerCase();
    if (!opts.allowedDomains.some((d) => d.toLowerCase() === domain)) return fail('domain not allowed');
  }

  if (!Number.isSafeInteger(proof.timestamp) || proof.timestamp < 0) return fail('bad timestamp');
  const maxAge = opts.maxAgeSeconds === undefined ? DEFAULT_PROOF_MAX_AGE_SECONDS : opts.maxAgeSeconds;
  if (maxAge !== null) {
    const now = opts.now ?? Math.floor(Date.now() / 1000);
    if (proof.timestamp < now - maxAge) return fail('proof is too old');
    if (proof.timestamp > now + MAX_FUTURE_SKEW_SECONDS) return fail('proof is from the future');
  }

  if (opts.checkPayload !== null && !opts.checkPayload(proof.payload)) {
    return fail('payload not issued by us, expired or used');
  }

  const key: Pick<StateInitKey, 'publicKey' | 'walletVersion'> | null =
    publicKeyFromStateInit(proof.state_init) ??
    (opts.walletKey && /^[0-9a-f]{64}$/i.test(opts.walletKey)
      ? { publicKey: opts.walletKey.toLowerCase(), walletVersion: 'other' }
      : null);
  if (!key) return fail(UNKNOWN_WALLET_REASON);
  if (stateInitAddress(proof.state_init, address.workchain) !== rawAddress(address)) {
    return fail('address is not the hash of state_init');
  }
  if (input.public_key) {
    if (input.public_key.toLowerCase() !== key.publicKey) return fail('public key does not match state_init');
  }

  const signature = Buffer.from(proof.signature, 'base64');
  if (signature.length !== 64) return fail('bad signature');
  const signed = tonProofSignedHash(tonProofMessage(address, proof));
  if (!ed25519Verify(Buffer.from(key.publicKey, 'hex'), signed, signature)) return fail('bad signature');

  return {
    ok: true,
    address: rawAddress(address),
    publicKey: key.publicKey,
    walletVersion: key.walletVersion,
  };
}

/** A wallet's public key from the chain: `{ ok: false, reason }` says why it could not be had. */
export type WalletKeyLookup = (
  address: string,
) => Promise<{ ok: true; publicKey: string } | { ok: false; reason: string }>;

/**
 * `verifyTonProof`, and for a wallet contract outside the known five, the same check again with
 * the key its deployed account gives through `get_public_key`. The indexer is asked only once
 * every other check passed and the address is the hash of the state_init. `checkPayload` may run
 * twice: it must not spend the payload itself.
 */
export async function verifyTonProofOnline(
  input: TonProofInput,
  opts: TonProofOptions,
  lookup: WalletKeyLookup | null,
): Promise<TonProofResult> {
  const first = verifyTonProof(input, opts);
  if (first.ok || first.reason !== UNKNOWN_WALLET_REASON || !lookup) return first;
  const address = parseTonAddress(input.address);
  if (!address || !rootCell(input.proof.state_init)) return first;
  if (stateInitAddress(input.proof.state_init, address.workchain) !== rawAddress(address)) {
    return fail('address is not the hash of state_init');
  }
  const key = await lookup(rawAddress(address));
  if (!key.ok) return fail(key.reason);
  if (input.public_key && input.public_key.toLowerCase() !== key.publicKey.toLowerCase()) {
    return fail('public key does not match the wallet');
  }
  return verifyTonProof(input, { ...opts, walletKey: key.publicKey });
}
