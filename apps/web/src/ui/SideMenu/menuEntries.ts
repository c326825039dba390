import type { GlyphName } from '../icons/glyphs.ts';

export type MenuAction = 'gameModes' | 'channel' | 'community' | 'webApp';

export interface MenuEntry {
  id: string;
  icon: GlyphName;
  /** i18n key of the label */
  label: string;
  /** In-app route, or an action handled by the menu; neither for the wallet, which the layout provides. */
  to?: string;
  action?: MenuAction;
  /** Guests cannot see it (SPEC §6). */
  signedInOnly?: boolean;
}

/** The side menu of SPEC §2, in order, with the NFT drawing and the info pages where players look. */
export const MAIN_ENTRIES: readonly MenuEntry[] = [
  { id: 'profile', icon: 'user', label: 'menu.profile', to: '/my-profile', signedInOnly: true },
  { id: 'wallet', icon: 'wallet', label: 'menu.connectWallet', signedInOnly: true },
  {
    id: 'inventory',
    icon: 'box',
    label: 'menu.inventory',
    to: '/my-profile?tab=inventory',
    signedInOnly: true,
  },
  { id: 'invite', icon: 'invite', label: 'menu.inviteFrens', to: '/invite-frens' },
  { id: 'stars', icon: 'star', label: 'menu.starShop', to: '/stars', signedInOnly: true },
  { id: 'gameModes', icon: 'gamepad', label: 'menu.gameModes', action: 'gameModes' },
  { id: 'nft', icon: 'window', label: 'pages.nft', to: '/nft' },
  { id: 'token', icon: 'coin', label: 'menu.token', to: '/px/token' },
  { id: 'ratings', icon: 'trophy', label: 'menu.ratings', to: '/ratings' },
  { id: 'settings', icon: 'gear', label: 'menu.settings', to: '/settings' },
  { id: 'about', icon: 'info', label: 'menu.about', to: '/about' },
  { id: 'info', icon: 'doc', label: 'pages.info', to: '/info' },
  { id: 'channel', icon: 'megaphone', label: 'menu.channel', action: 'channel' },
  { id: 'community', icon: 'chat', label: 'menu.community', action: 'community' },
];

export const FOOTER_ENTRIES: readonly MenuEntry[] = [
  { id: 'rules', icon: 'doc', label: 'pages.rules', to: '/rules' },
  { id: 'terms', icon: 'doc', label: 'menu.terms', to: '/terms' },
  { id: 'privacy', icon: 'lock', label: 'menu.privacy', to: '/privacy' },
  { id: 'webApp', icon: 'window', label: 'menu.webApp', action: 'webApp' },
];
