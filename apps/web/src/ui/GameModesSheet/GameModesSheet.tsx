import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { gameModesClosed, selectGameModesOpen } from '../../store/uiSlice.ts';
import { Overlay } from '../Overlay/Overlay.tsx';
import './GameModesSheet.css';

interface GameMode {
  id: string;
  /** i18n key stem: `${key}` is the name, `${key}Text` the description */
  key: string;
  swatch: readonly string[];
  to?: string;
  /** still being built: marked in progress, even when part of it can be opened already */
  inProgress?: boolean;
}

const MODES: readonly GameMode[] = [
  { id: 'wall', key: 'gameModes.wall', swatch: ['#FF4500', '#FFD635', '#3690EA', '#00CC78'], to: '/' },
  // The map is in progress; the drawing that goes on it can be made already (/nft).
  {
    id: 'nftMap',
    key: 'gameModes.nftMap',
    swatch: ['#811E9F', '#B44AC0', '#E4ABFF', '#6A5CFF'],
    to: '/nft',
    inProgress: true,
  },
  {
    id: 'pxBattle',
    key: 'gameModes.pxBattle',
    swatch: ['#BE0039', '#FF3881', '#FFA800', '#6D001A'],
    inProgress: true,
  },
  {
    id: 'pixelRoyale',
    key: 'gameModes.pixelRoyale',
    swatch: ['#FFD635', '#FFB470', '#9C6926', '#00756F'],
    inProgress: true,
  },
];

/** How the modes are played and competed in, under the list. */
const LINKS = [
  { to: '/rules', key: 'pages.rules' },
  { to: '/open-league', key: 'pages.openLeague' },
] as const;

function Swatch({ colors }: { colors: readonly string[] }) {
  return (
    <svg
      className="game-modes__swatch"
      viewBox="0 0 2 2"
      width="40"
      height="40"
      shapeRendering="crispEdges"
      aria-hidden="true"
    >
      {colors.map((color, i) => (
        <rect key={color} x={i % 2} y={Math.floor(i / 2)} width="1" height="1" fill={color} />
      ))}
    </svg>
  );
}

export function GameModesSheet() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectGameModesOpen);
  const { pathname } = useLocation();
  const close = useCallback(() => dispatch(gameModesClosed()), [dispatch]);

  return (
    <Overlay open={open} onClose={close} title={t('gameModes.title')} variant="sheet">
      <ul className="game-modes">
        {MODES.map((mode) => {
          const body = (
            <>
              <Swatch colors={mode.swatch} />
              <span className="game-modes__body">
                <span className="game-modes__name pixel-text">{t(mode.key)}</span>
                <span className="game-modes__text">{t(`${mode.key}Text`)}</span>
              </span>
              {mode.to === pathname ? (
                <span className="game-modes__badge game-modes__badge--live">{t('gameModes.current')}</span>
              ) : mode.inProgress ? (
                <span className="game-modes__badge">{t('common.inProgress')}</span>
              ) : null}
            </>
          );
          return (
            <li key={mode.id}>
              {mode.to ? (
                <Link to={mode.to} className="game-modes__item" onClick={close}>
                  {body}
                </Link>
              ) : (
                <div className="game-modes__item game-modes__item--disabled" aria-disabled="true">
                  {body}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <ul className="game-modes__links">
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="game-modes__link" onClick={close}>
              {t(link.key)}
            </Link>
          </li>
        ))}
      </ul>
    </Overlay>
  );
}
