import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { usePlatform } from './PlatformContext.tsx';

/** Telegram's native back button: shown on every route except the Wall, and it goes back. */
export function useBackButton(): void {
  const platform = usePlatform();
  const navigate = useNavigate();
  const { pathname, key } = useLocation();
  const atWall = pathname === '/';
  // A deep link opens on its page with nothing behind it; then "back" means the Wall.
  const hasHistory = key !== 'default';

  useEffect(() => {
    if (atWall) {
      platform.backButton.hide();
      return;
    }
    platform.backButton.show();
    return platform.backButton.onClick(() => {
      if (hasHistory) navigate(-1);
      else navigate('/', { replace: true });
    });
  }, [atWall, hasHistory, navigate, platform]);
}
