import type { PlayerRole } from '@pixel-wall/shared';
import { useEffect, useState } from 'react';
import type { HttpClient } from '../../api/http.ts';
import { useHttp } from '../../api/useHttp.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { selectUser } from '../../store/userSlice.ts';
import { fetchMyRole } from './api.ts';

// One look-up per client and player for the session: every painter popup asks.
const asked = new WeakMap<HttpClient, Map<number, Promise<PlayerRole>>>();

function roleOnce(http: HttpClient, userId: number): Promise<PlayerRole> {
  let byUser = asked.get(http);
  if (!byUser) {
    byUser = new Map();
    asked.set(http, byUser);
  }
  let role = byUser.get(userId);
  if (!role) {
    role = fetchMyRole(http);
    // A failure is not an answer: the next popup asks again.
    role.catch(() => byUser.delete(userId));
    byUser.set(userId, role);
  }
  return role;
}

/**
 * The signed-in player's role for the moderation buttons: what `GET /admin/me` says, and until it
 * answers (or when it cannot), `isAdmin` of `/users/me`. Guests are players.
 */
export function useStaffRole(): PlayerRole {
  const http = useHttp();
  const me = useAppSelector(selectUser);
  const userId = me?.id ?? null;
  const [known, setKnown] = useState<{ userId: number; role: PlayerRole } | null>(null);

  useEffect(() => {
    if (userId === null) return;
    let alive = true;
    roleOnce(http, userId).then(
      (role) => {
        if (alive) setKnown({ userId, role });
      },
      () => {},
    );
    return () => {
      alive = false;
    };
  }, [http, userId]);

  if (!me) return 'player';
  if (known?.userId === me.id) return known.role;
  return me.isAdmin ? 'admin' : 'player';
}
