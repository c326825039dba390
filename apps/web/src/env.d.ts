/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Telegram channel link shown in the side menu; hidden when unset. */
  readonly VITE_CHANNEL_URL?: string;
  /** Community chat link shown in the side menu; hidden when unset. */
  readonly VITE_COMMUNITY_URL?: string;
}
