import { useAppSelector } from '../../store/hooks.ts';
import { selectUser, selectUserStatus } from '../../store/userSlice.ts';

/**
 * SPEC §8: a signed-in player whose user call came back without a websocket token is taken for a
 * robot. The flag hides the whole app; only the robot popup shows, with a way to ask again.
 */
export function useRobotFlag(): boolean {
  const user = useAppSelector(selectUser);
  const status = useAppSelector(selectUserStatus);
  return user !== null && status !== 'pending' && !user.websocketToken;
}
