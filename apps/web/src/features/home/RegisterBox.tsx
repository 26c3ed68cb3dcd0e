import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button';
import { withQuery } from '../../lib/url';

/** One input; the e-mail typed goes to the register screen as the query parameter `email`. */
export function RegisterBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    void navigate(withQuery('/components/register', { email: value || undefined }));
  }

  return (
    <form onSubmit={submit} className="flex w-full max-w-md flex-col gap-2 sm:flex-row">
      <label htmlFor="home-register-email" className="sr-only">
        {t('home.emailLabel')}
      </label>
      <input
        id="home-register-email"
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={120}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        placeholder={t('home.emailPlaceholder')}
        data-testid="register-email"
        className="h-12 w-full min-w-0 rounded-md sm:flex-1 border border-line bg-surface px-4 text-[0.9375rem] text-fg outline-none transition-colors placeholder:text-faint hover:border-line-strong focus:border-brand ltr-value"
      />
      <Button type="submit" size="lg" data-testid="register-submit">
        {t('home.getStarted')}
      </Button>
    </form>
  );
}
