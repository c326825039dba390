import type { PixelInfo } from '@pixel-wall/shared';
import { truncate, withAt } from '@pixel-wall/shared/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';

export function PixelInfoPanel({ info, loading }: { info: PixelInfo | null; loading: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!info) return <div className="pixel-info pixel-info--loading">{loading ? t('wall.loading') : ''}</div>;
  const owner = info.owner;
  return (
    <div className="pixel-info" data-testid="pixel-info">
      <div className="pixel-info__row">
        <span className="pixel-info__chip" style={{ background: info.pixel.color }} />
        <span className="pixel-info__coords">
          x {info.pixel.x} · y {info.pixel.y}
        </span>
      </div>
      {owner ? (
        <div className="pixel-info__owner">
          {owner.userPic ? (
            <img className="avatar" src={owner.userPic} alt="" width={36} height={36} />
          ) : (
            <span className="avatar avatar--default" aria-hidden="true">
              {owner.firstName.slice(0, 1).toUpperCase()}
            </span>
          )}
          <div className="pixel-info__who">
            <div className="pixel-info__name">
              {truncate(owner.firstName)}
              {owner.userName ? <span className="pixel-info__handle"> {withAt(owner.userName)}</span> : null}
            </div>
            <div className="pixel-info__meta">
              {owner.squad ? `${t('wall.squad')}: ${truncate(owner.squad.name, 20)} · ` : ''}
              <span className="pixel-info__id">id {owner.id}</span>
            </div>
            {info.pixel.dateObtained ? (
              <div className="pixel-info__meta">
                {t('wall.obtained')} {format.dateTime(info.pixel.dateObtained)}
              </div>
            ) : null}
          </div>
        </div>
      ) : (
        <div className="pixel-info__meta">{t('wall.noOwner')}</div>
      )}
    </div>
  );
}
