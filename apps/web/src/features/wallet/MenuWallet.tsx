import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../store/hooks.ts';
import { selectUser } from '../../store/userSlice.ts';
import { Icon } from '../../ui/icons/Icon.tsx';
import { shortAddress } from './address.ts';
import { ConnectWalletButton } from './ConnectWalletButton.tsx';
import { useWalletDisconnect } from './useWalletDisconnect.ts';
import './wallet.css';

/**
 * The side menu's TON wallet entry (SPEC §2): the linked address, shortened, with a disconnect;
 * without one, 'Connect TON wallet'. A wallet still live in this browser's TON Connect session is
 * linked again without a new proof when the server already verified it. TON Connect loads only
 * when the player presses an entry.
 */
export function MenuWallet() {
  const linked = useAppSelector(selectUser)?.walletAddress ?? null;
  return linked ? <LinkedWallet address={linked} /> : <UnlinkedWallet />;
}

function UnlinkedWallet() {
  return (
    <div className="wallet-menu">
      <ConnectWalletButton variant="menu" relinkLive />
    </div>
  );
}

function LinkedWallet({ address }: { address: string }) {
  const { t } = useTranslation();
  const { pending, disconnect } = useWalletDisconnect(true);

  return (
    <div className="wallet-menu wallet-menu--linked" data-testid="menu-wallet">
      <Icon name="wallet" size={24} />
      <span className="wallet-menu__address" title={address}>
        <span className="wallet-menu__label">{t('menu.walletLinked')}</span>
        <span className="pixel-num" data-testid="menu-wallet-address">
          {shortAddress(address)}
        </span>
      </span>
      <button
        type="button"
        className="btn wallet-menu__disconnect"
        disabled={pending}
        aria-busy={pending}
        data-testid="menu-wallet-disconnect"
        onClick={() => void disconnect()}
      >
        {t('menu.walletDisconnect')}
      </button>
    </div>
  );
}
