import type { SquadRef } from '@pixel-wall/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../ui/Tabs/Tabs.tsx';
import { AchievementsTab } from './AchievementsTab.tsx';
import { InfoTab } from './InfoTab.tsx';
import { InventoryTab } from './InventoryTab.tsx';
import type { ProfileData, ProfileTab } from './profileData.ts';
import '../../ui/list/list.css';
import './profile.css';

export interface ProfileViewProps {
  profile: ProfileData;
  tab: ProfileTab;
  onTab: (tab: ProfileTab) => void;
  /** The inventory tab exists only on one's own profile page, never in the popup (SPEC §6). */
  withInventory: boolean;
  onSquad: (squad: SquadRef) => void;
  idAside?: ReactNode;
}

/** The profile of SPEC §2: Info (default), Achievements and, on one's own page, Inventory. */
export function ProfileView({ profile, tab, onTab, withInventory, onSquad, idAside }: ProfileViewProps) {
  const { t } = useTranslation();
  const shown: ProfileTab = tab === 'inventory' && !withInventory ? 'info' : tab;
  return (
    <div className="profile-view">
      <Tabs
        label={t('profile.tabs')}
        value={shown}
        onChange={onTab}
        items={[
          { id: 'info', label: t('profile.info') },
          { id: 'achievements', label: t('profile.achievements') },
          ...(withInventory ? [{ id: 'inventory' as const, label: t('profile.inventory') }] : []),
        ]}
      />
      {shown === 'info' && <InfoTab profile={profile} onSquad={onSquad} idAside={idAside} />}
      {shown === 'achievements' && <AchievementsTab achievements={profile.achievements} />}
      {shown === 'inventory' && <InventoryTab />}
    </div>
  );
}
