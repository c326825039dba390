import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/useHttp.ts';
import { useFormat } from '../../i18n/format.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { selectSignedIn } from '../../store/sessionSlice.ts';
import { LoadError, SkeletonBlock } from '../../ui/LoadError/LoadError.tsx';
import { Tabs } from '../../ui/Tabs/Tabs.tsx';
import { useAsync } from '../../ui/useAsync.ts';
import { loadOwnedMask, MAP_SIDE, type OwnedMask } from './ownedMask.ts';
import './own-pixels.css';

export interface PriceTier {
  price: number;
  fromRing: number;
  toRing: number;
}

/** Tier bands from the edge inwards, darker where pixels are cheaper; the chosen tier stands out. */
function drawMap(
  canvas: HTMLCanvasElement,
  mask: OwnedMask,
  tiers: readonly PriceTier[],
  price: number | null,
) {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const scale = MAP_SIDE / 1024;
  const byRingDesc = [...tiers].sort((a, b) => b.toRing - a.toRing);
  const dearest = Math.max(...tiers.map((t) => t.price));
  for (const tier of byRingDesc) {
    const half = (tier.toRing + 1) * scale;
    const shade = 0.08 + (0.22 * tier.price) / dearest;
    const chosen = price === tier.price;
    ctx.fillStyle = chosen ? `rgb(54 144 234 / ${shade + 0.25})` : `rgb(255 255 255 / ${shade})`;
    ctx.fillRect(MAP_SIDE / 2 - half, MAP_SIDE / 2 - half, half * 2, half * 2);
    // The next band in is drawn over it: clear it first so the shades do not add up.
    const inner = tier.fromRing * scale;
    if (inner > 0) ctx.clearRect(MAP_SIDE / 2 - inner, MAP_SIDE / 2 - inner, inner * 2, inner * 2);
  }
  // A dot of 5×5 cells with a dark rim, so one pixel of the wall still shows on a phone.
  const lit: [number, number][] = [];
  for (let i = 0; i < mask.cells.length; i++)
    if (mask.cells[i] === 1) lit.push([i % MAP_SIDE, Math.floor(i / MAP_SIDE)]);
  ctx.fillStyle = '#000';
  for (const [x, y] of lit) ctx.fillRect(x - 3, y - 3, 7, 7);
  ctx.fillStyle = '#ffd23f';
  for (const [x, y] of lit) ctx.fillRect(x - 2, y - 2, 5, 5);
}

/**
 * Where the player's pixels are on the wall (GET /image/mask), or only those of one price tier
 * (GET /image/mask/{price}), on a small map with the price bands, and how many there are.
 */
export function OwnPixelsMap({ tiers }: { tiers: readonly PriceTier[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const http = useHttp();
  const signedIn = useAppSelector(selectSignedIn);
  const [choice, setChoice] = useState('all');
  const price = choice === 'all' ? null : Number(choice);
  const load = useCallback((signal: AbortSignal) => loadOwnedMask(http, price, signal), [http, price]);
  const mask = useAsync(signedIn ? load : null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const data = mask.status === 'fulfilled' ? mask.data : null;

  useEffect(() => {
    if (canvas.current && data) drawMap(canvas.current, data, tiers, price);
  }, [data, tiers, price]);

  if (!signedIn) return null;
  return (
    <div className="own-pixels" data-testid="own-pixels">
      <h4 className="own-pixels__title">{t('ownPixels.title')}</h4>
      <Tabs
        variant="switch"
        label={t('ownPixels.filter')}
        value={choice}
        onChange={setChoice}
        items={[
          { id: 'all', label: t('ownPixels.all') },
          ...tiers.map((tier) => ({ id: String(tier.price), label: `${format.integer(tier.price)} PX` })),
        ]}
      />
      {mask.status === 'rejected' ? (
        <LoadError text={t('ownPixels.failed')} onRetry={mask.retry} />
      ) : !data ? (
        <SkeletonBlock height={160} />
      ) : (
        <>
          <canvas
            ref={canvas}
            className="own-pixels__map"
            width={MAP_SIDE}
            height={MAP_SIDE}
            role="img"
            aria-label={t('ownPixels.map')}
            data-testid="own-pixels-map"
          />
          <p className="own-pixels__count" data-testid="own-pixels-count">
            {data.count > 0 ? t('ownPixels.count', { n: format.integer(data.count) }) : t('ownPixels.none')}
          </p>
        </>
      )}
    </div>
  );
}
