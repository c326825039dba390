import type { PlayerProfileView, SquadRef, User } from '@pixel-wall/shared';

/** What the profile screens show: the signed-in User and any painter's public profile alike. */
export interface ProfileData {
  id: number;
  firstName: string;
  userName: string | null;
  userPic: string | null;
  league: string;
  rank: number;
  repaints: number;
  friends: number;
  squad: SquadRef | null;
  achievements: Record<string, boolean>;
  banned: boolean;
}

export function profileOfUser(user: User): ProfileData {
  return {
    id: user.id,
    firstName: user.firstName,
    userName: user.userName,
    userPic: user.userPic,
    league: user.league,
    rank: user.rank,
    repaints: user.repaints,
    friends: user.friends,
    squad: user.squad,
    achievements: user.achievements,
    banned: false,
  };
}

export function profileOfView(view: PlayerProfileView): ProfileData {
  return { ...view };
}

export const PROFILE_TABS = ['info', 'achievements', 'inventory'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export function isProfileTab(value: string | null): value is ProfileTab {
  return value !== null && (PROFILE_TABS as readonly string[]).includes(value);
}
