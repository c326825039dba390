import type { TonConnectMessage } from '@pixel-wall/shared';

/** A TON Connect `sendTransaction` request: messages the server prepared, sent as they are. */
export interface WalletTransaction {
  /** unix seconds */
  validUntil: number;
  messages: TonConnectMessage[];
}

/** The connected wallet's account as TON Connect reports it. */
export interface WalletAccount {
  /** raw `wc:hex` */
  address: string;
  /** TON Connect CHAIN: '-239' mainnet, '-3' testnet */
  chain: string;
  publicKey: string | null;
  /** base64 state_init of the wallet contract */
  walletStateInit: string;
}

export interface TonProofReply {
  timestamp: number;
  domain: { lengthBytes: number; value: string };
  payload: string;
  signature: string;
}

export interface WalletConnection {
  account: WalletAccount;
  /** null when the wallet connected without answering the proof request */
  proof: TonProofReply | null;
}

/**
 * A wallet living in this page (a browser extension, or a wallet browser that does not connect by
 * itself) that answers over its TON Connect JS bridge.
 */
export interface InjectedWallet {
  /** the window key of its JS bridge, e.g. 'tonkeeper' */
  key: string;
  name: string;
  imageUrl: string;
}

/**
 * What the app needs from a TON wallet connector. The real one wraps TON Connect's UI
 * (tonConnect.ts); tests hand in a fake.
 */
export interface TonWalletConnector {
  /** The account of a restored or live connection, or null. */
  current(): Promise<WalletAccount | null>;
  /** The injected wallets the player can pick here, before TON Connect's own list. */
  injectedWallets(): Promise<InjectedWallet[]>;
  /**
   * Asks for a ton_proof over `payload`: through the injected wallet `via`, or else in the wallet
   * list. Resolves with the connection, or null when the player closed the list or declined.
   */
  connect(payload: string, via?: InjectedWallet): Promise<WalletConnection | null>;
  /** Asks the wallet to sign and send; rejects when the player declines or the wallet fails. */
  send(tx: WalletTransaction): Promise<void>;
  /** As `send`, resolving with the signed message the wallet sent (a base64 BOC), where it tells. */
  sendForBoc?(tx: WalletTransaction): Promise<string>;
  disconnect(): Promise<void>;
  /** Notified when the connection appears or goes away. */
  subscribe(fn: (account: WalletAccount | null) => void): () => void;
}
