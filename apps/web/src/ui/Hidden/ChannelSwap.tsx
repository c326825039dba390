import { useTranslation } from 'react-i18next';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { PixelLogo } from '../PixelLogo.tsx';
import './ChannelSwap.css';

/** What the x, y, q keys swap the whole app for: the game's channel, and nothing else. */
export function ChannelSwap({ channelUrl }: { channelUrl: string }) {
  const { t } = useTranslation();
  const platform = usePlatform();
  return (
    <main className="channel-swap" data-testid="channel-swap">
      <PixelLogo size={96} />
      <h1 className="channel-swap__title pixel-text">{t('hidden.channelTitle')}</h1>
      <p className="channel-swap__text">{t('hidden.channelText')}</p>
      <a
        className="btn btn--primary"
        href={channelUrl}
        target="_blank"
        rel="noopener noreferrer"
        onClick={(event) => {
          event.preventDefault();
          platform.openLink(channelUrl);
        }}
      >
        {t('hidden.channelButton')}
      </a>
    </main>
  );
}
