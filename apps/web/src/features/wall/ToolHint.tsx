import type { GoodsAvailable } from '@pixel-wall/shared';
import type { Dispatch } from 'react';
import { BoostHint, PipetteHint } from '../boosts/BoostHint.tsx';
import type { Tool, ToolEvent } from './tool.ts';

/** The hint under the rail while a tool waits for a tap: which blast is aimed, or the pipette. */
export function ToolHint({
  tool,
  goods,
  send,
}: {
  tool: Tool;
  goods: GoodsAvailable;
  send: Dispatch<ToolEvent>;
}) {
  if (tool.kind === 'aimBlast') {
    return <BoostHint mode={tool.blast} goods={goods} onCancel={() => send({ type: 'blastCancelled' })} />;
  }
  if (tool.kind === 'pipette') return <PipetteHint onCancel={() => send({ type: 'pipetteCancelled' })} />;
  return null;
}
