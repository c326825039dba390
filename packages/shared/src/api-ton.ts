/**
 * HTTP shapes of the TON side (SPEC §4 wallet connect, §7 wallet and transactions): the TON Connect
 * proof check, the captcha gate in front of it, the connected wallet, and starting a crypto order.
 */
import { z } from 'zod';
import { colorString } from './api.ts';
import { SLIDER_MAX } from './slider.ts';

/** TON Connect's CHAIN values. */
export const TON_NETWORK = { mainnet: '-239', testnet: '-3' } as const;
export type TonNetwork = (typeof TON_NETWORK)[keyof typeof TON_NETWORK];

/** SPEC §7: a jetton transfer message carries 0.101 TON and forwards 0.01 TON (in nanotons). */
export const JETTON_TRANSFER_ATTACHED_NANOTONS = '101000000';
export const JETTON_TRANSFER_FORWARD_NANOTONS = '10000000';

const tonAddressText = z.string().trim().min(1).max(128);

export const tonProofPayloadResponse = z.object({ payload: z.string() });
export type TonProofPayloadResponse = z.infer<typeof tonProofPayloadResponse>;

/** What TON Connect's `account` and `connectItems.tonProof.proof` hold, as the client forwards them. */
export const tonProofBody = z.object({
  address: tonAddressText,
  network: z.enum([TON_NETWORK.mainnet, TON_NETWORK.testnet]),
  public_key: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/)
    .nullish(),
  proof: z.object({
    timestamp: z
      .number()
      .int()
      .min(0)
      .max(2 ** 40),
    domain: z.object({
      lengthBytes: z.number().int().min(0).max(1024),
      value: z.string().max(1024),
    }),
    signature: z.string().min(1).max(128),
    payload: z.string().min(1).max(256),
    state_init: z.string().min(1).max(8192),
  }),
});
export type TonProofBody = z.infer<typeof tonProofBody>;

export const tonSuccessResponse = z.object({ success: z.literal(true) });

export const walletAddressResponse = z.object({
  /** user-friendly, non-bounceable (as wallets show it); null when no wallet is connected */
  wallet_address: z.string().nullable(),
});
export type WalletAddressResponse = z.infer<typeof walletAddressResponse>;

export const walletAddressParams = z.object({ address: tonAddressText });

export const tonCaptchaSchema = z.object({ id: z.string(), question: z.string() });
export type TonCaptcha = z.infer<typeof tonCaptchaSchema>;

export const uncompletedCaptchaResponse = z.object({ captcha: tonCaptchaSchema.nullable() });
export type UncompletedCaptchaResponse = z.infer<typeof uncompletedCaptchaResponse>;

/** `captcha` is the answer to the player's open captcha; `wallet` the address being connected. */
export const checkCaptchaBody = z.object({
  wallet: tonAddressText,
  captcha: z.string().trim().min(1).max(16),
  id: z.string().max(64).optional(),
});
export type CheckCaptchaBody = z.infer<typeof checkCaptchaBody>;

/** SPEC §7: a shop purchase in TON or a jetton. */
export const startPurchaseBody = z.object({
  buyerWallet: tonAddressText,
  goodId: z.number().int().min(1).max(1000),
  daily: z.boolean().optional(),
  currencyId: z.number().int().min(1).max(100),
  quantity: z.number().int().min(1).max(SLIDER_MAX),
  pixanosColor: colorString.optional(),
});
export type StartPurchaseBody = z.infer<typeof startPurchaseBody>;

/**
 * SPEC §7 `{buyerWallet}` alone: the wallet-verification transaction. The player sends
 * `WALLET_VERIFICATION_NANOTONS` with the memo from that wallet; seen on chain, it verifies and
 * connects the wallet, as a ton_proof does.
 */
export const startVerificationBody = z.object({ buyerWallet: tonAddressText }).strict();
export type StartVerificationBody = z.infer<typeof startVerificationBody>;

export const startTransactionBody = z.union([startPurchaseBody, startVerificationBody]);
export type StartTransactionBody = z.infer<typeof startTransactionBody>;

/** What a wallet-verification transfer carries: 0.01 TON, in nanotons. */
export const WALLET_VERIFICATION_NANOTONS = '10000000';

/** One message of a TON Connect `sendTransaction`, ready to hand to the wallet as it is. */
export const tonConnectMessage = z.object({
  /** where the message goes: the payment wallet for TON, the buyer's jetton wallet for a jetton */
  address: z.string(),
  /** nanotons attached */
  amount: z.string(),
  /** the message body as a base64 BoC: the memo comment, or a TEP-74 jetton transfer */
  payload: z.string(),
  /** base64 BoC of a state_init to deploy with the message, when one is needed */
  stateInit: z.string().optional(),
});
export type TonConnectMessage = z.infer<typeof tonConnectMessage>;

export const startTransactionResponse = z.object({
  /** the memo: send it as the transfer's text comment */
  txMemCode: z.string(),
  /** integer amount in the currency's smallest units (nanotons; jetton units by its decimals) */
  strAmount: z.string(),
  /** the same amount as a decimal, for display */
  amount: z.string(),
  currencyId: z.number().int(),
  /** the receiving wallet (user-friendly); for jettons, the owner the jetton transfer names */
  payTo: z.string(),
  /** jetton master (user-friendly) for jetton currencies, null for TON */
  jettonMaster: z.string().nullable(),
  /** unix seconds: the wallet message's validUntil */
  validUntil: z.number().int(),
  /** what the wallet sends: `sendTransaction({ validUntil, messages: [message] })` */
  message: tonConnectMessage,
});
export type StartTransactionResponse = z.infer<typeof startTransactionResponse>;
