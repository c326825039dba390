import { createHash, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseTonAddress, toFriendlyAddress } from './address.ts';
import {
  publicKeyFromStateInit,
  stateInitAddress,
  type TonProofInput,
  tonProofFullMessage,
  tonProofMessage,
  tonProofSignedHash,
  verifyTonProof,
  verifyTonProofOnline,
} from './proof.ts';
import { makeTestWallet, signTonProof } from './testing.ts';

const VECTORS = fileURLToPath(new URL('./vectors/', import.meta.url));

interface ProofVector {
  expected: boolean;
  vector: TonProofInput;
  derived?: {
    wallet_version: string;
    code_hash_hex: string;
    public_key_from_state_init: string;
    message_hex: string;
    full_message_hex: string;
    sha256_full_message_hex: string;
  };
  published_intermediates?: {
    public_key_hex: string;
    sha256_message_hex: string;
    sha256_full_message_hex: string;
  };
}

const proofFiles = fs.readdirSync(VECTORS).filter((f) => /^ton-proof-.*\.json$/.test(f));
const load = <T>(f: string): T => JSON.parse(fs.readFileSync(`${VECTORS}/${f}`, 'utf8')) as T;
/** The vectors are old and name other sites: replay them with our own policy checks off. */
const REPLAY = { allowedDomains: null, maxAgeSeconds: null, checkPayload: null } as const;

describe('published ton_proof vectors', () => {
  it('are all here', () => {
    expect(proofFiles.sort()).toEqual([
      'ton-proof-tampered-tondocs-sigflip.json',
      'ton-proof-tondocs-v4r2.json',
      'ton-proof-tonutils-w5.json',
    ]);
  });

  it.each(proofFiles)('%s: verdict matches expected', (file) => {
    const v = load<ProofVector>(file);
    const result = verifyTonProof(v.vector, REPLAY);
    expect(result.ok).toBe(v.expected);
    if (result.ok) expect(result.address).toBe(v.vector.address);
    else expect(result.reason).toBe('bad signature');
  });

  it.each(proofFiles)('%s: the same verdict online, no key asked', async (file) => {
    const v = load<ProofVector>(file);
    const asked: string[] = [];
    const result = await verifyTonProofOnline(v.vector, REPLAY, async (a) => {
      asked.push(a);
      return { ok: false, reason: 'not asked' };
    });
    expect(result.ok).toBe(v.expected);
    expect(asked).toEqual([]);
  });

  it.each(proofFiles.filter((f) => load<ProofVector>(f).derived))('%s: intermediates match', (file) => {
    const v = load<ProofVector>(file);
    const d = v.derived!;
    const address = parseTonAddress(v.vector.address)!;
    const message = tonProofMessage(address, v.vector.proof);
    expect(message.toString('hex')).toBe(d.message_hex);
    expect(tonProofFullMessage(message).toString('hex')).toBe(d.full_message_hex);
    expect(tonProofSignedHash(message).toString('hex')).toBe(d.sha256_full_message_hex);
    const key = publicKeyFromStateInit(v.vector.proof.state_init)!;
    expect(key.publicKey).toBe(d.public_key_from_state_init);
    expect(key.codeHash).toBe(d.code_hash_hex);
    expect(key.walletVersion).toBe(d.wallet_version);
    expect(stateInitAddress(v.vector.proof.state_init, address.workchain)).toBe(v.vector.address);
    if (v.vector.public_key) expect(v.vector.public_key).toBe(key.publicKey);
    const pub = v.published_intermediates;
    if (pub) {
      expect(key.publicKey).toBe(pub.public_key_hex);
      expect(createHash('sha256').update(message).digest('hex')).toBe(pub.sha256_message_hex);
      expect(tonProofSignedHash(message).toString('hex')).toBe(pub.sha256_full_message_hex);
    }
  });

  it('v3R2 state_init: key, code hash and address = hash(state_init)', () => {
    const v = load<{
      vector: { address: string; walletStateInit: string };
      derived: { code_hash_hex: string; public_key_from_state_init: string; bounceable_address: string };
    }>('stateinit-v3r2-tondocs.json');
    const key = publicKeyFromStateInit(v.vector.walletStateInit)!;
    expect(key).toEqual({
      publicKey: v.derived.public_key_from_state_init,
      walletVersion: 'v3r2',
      codeHash: v.derived.code_hash_hex,
    });
    expect(stateInitAddress(v.vector.walletStateInit, 0)).toBe(v.vector.address);
    expect(toFriendlyAddress(v.vector.address, { bounceable: true })).toBe(v.derived.bounceable_address);
  });

  it('refuses the docs proof presented for another address or with a foreign public key', () => {
    const v = load<ProofVector>('ton-proof-tondocs-v4r2.json').vector;
    const other = load<ProofVector>('ton-proof-tonutils-w5.json').vector;
    expect(verifyTonProof({ ...v, address: other.address }, REPLAY)).toMatchObject({
      ok: false,
      reason: 'address is not the hash of state_init',
    });
    expect(verifyTonProof({ ...v, public_key: other.public_key }, REPLAY)).toMatchObject({
      ok: false,
      reason: 'public key does not match state_init',
    });
    expect(
      verifyTonProof({ ...v, proof: { ...v.proof, domain: { ...v.proof.domain, lengthBytes: 27 } } }, REPLAY),
    ).toMatchObject({ ok: false, reason: 'domain length mismatch' });
    expect(verifyTonProof({ ...v, proof: { ...v.proof, state_init: 'not a boc' } }, REPLAY).ok).toBe(false);
  });
});

describe('ton_proof policy checks, with genuine signatures', () => {
  const wallet = makeTestWallet();
  const now = 1_800_000_000;
  const domain = 'wall.example.com';
  const issued = new Set(['payload-1']);
  const opts = {
    allowedDomains: [domain],
    now,
    checkPayload: (p: string) => issued.has(p),
    network: '-239',
  };
  const proof = (over: Partial<Parameters<typeof signTonProof>[1]> = {}) =>
    signTonProof(wallet, { domain, payload: 'payload-1', timestamp: now - 10, ...over });

  it('accepts a fresh proof for our domain with our payload', () => {
    expect(verifyTonProof(proof(), opts)).toEqual({
      ok: true,
      address: wallet.address,
      publicKey: wallet.publicKey,
      walletVersion: 'v4r2',
    });
    expect(verifyTonProof({ ...proof(), public_key: null }, opts).ok).toBe(true);
    expect(verifyTonProof(proof({ domain: 'WALL.example.com' }), opts).ok).toBe(true);
  });

  it('refuses a signature by another key', () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    expect(verifyTonProof(proof({ signer: privateKey }), opts)).toEqual({
      ok: false,
      reason: 'bad signature',
    });
  });

  it('refuses a stale or future timestamp (15 minutes by default)', () => {
    expect(verifyTonProof(proof({ timestamp: now - 15 * 60 }), opts).ok).toBe(true);
    expect(verifyTonProof(proof({ timestamp: now - 15 * 60 - 1 }), opts)).toEqual({
      ok: false,
      reason: 'proof is too old',
    });
    expect(verifyTonProof(proof({ timestamp: now - 100 }), { ...opts, maxAgeSeconds: 60 }).ok).toBe(false);
    expect(verifyTonProof(proof({ timestamp: now + 3600 }), opts)).toEqual({
      ok: false,
      reason: 'proof is from the future',
    });
  });

  it('refuses another domain', () => {
    expect(verifyTonProof(proof({ domain: 'evil.example.com' }), opts)).toEqual({
      ok: false,
      reason: 'domain not allowed',
    });
    expect(verifyTonProof(proof(), { ...opts, allowedDomains: [] }).ok).toBe(false);
  });

  it('refuses a payload we did not issue (or that was used)', () => {
    expect(verifyTonProof(proof({ payload: 'made-up' }), opts)).toEqual({
      ok: false,
      reason: 'payload not issued by us, expired or used',
    });
  });

  it('refuses the wrong network', () => {
    expect(verifyTonProof(proof({ network: '-3' }), opts)).toEqual({ ok: false, reason: 'wrong network' });
  });

  it('refuses a tampered payload, domain or timestamp after signing', () => {
    const p = proof();
    expect(verifyTonProof({ ...p, proof: { ...p.proof, timestamp: p.proof.timestamp + 1 } }, opts).ok).toBe(
      false,
    );
    issued.add('payload-2');
    expect(verifyTonProof({ ...p, proof: { ...p.proof, payload: 'payload-2' } }, opts).ok).toBe(false);
  });
});
