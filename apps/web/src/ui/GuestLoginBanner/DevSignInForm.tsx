import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Local demo only: the server enables it when no bot token is configured. */
export function DevSignInForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  onSubmit: (firstName: string) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const id = useId();
  const trimmed = name.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed) onSubmit(trimmed);
  };

  return (
    <form className="dev-sign-in" onSubmit={submit}>
      <p className="dev-sign-in__title pixel-text">{t('auth.devTitle')}</p>
      <div className="dev-sign-in__row">
        <label className="visually-hidden" htmlFor={id}>
          {t('auth.devName')}
        </label>
        <input
          id={id}
          className="dev-sign-in__input"
          value={name}
          maxLength={64}
          autoComplete="given-name"
          placeholder={t('auth.devName')}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className="btn btn--primary" disabled={pending || !trimmed}>
          {pending ? t('auth.pending') : t('auth.devSubmit')}
        </button>
      </div>
    </form>
  );
}
