import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguagesIcon, LedgerIcon, ScaleIcon, BookIcon } from '../../components/icons';

/** Four short claims about how the exchange works; each is true of the architecture. */
export function Features() {
  const { t } = useTranslation();
  const items: { icon: ReactNode; title: string; body: string }[] = [
    { icon: <BookIcon size={22} />, title: t('home.feature1Title'), body: t('home.feature1Body') },
    { icon: <LedgerIcon size={22} />, title: t('home.feature2Title'), body: t('home.feature2Body') },
    { icon: <ScaleIcon size={22} />, title: t('home.feature3Title'), body: t('home.feature3Body') },
    { icon: <LanguagesIcon size={22} />, title: t('home.feature4Title'), body: t('home.feature4Body') },
  ];
  return (
    <section aria-labelledby="home-why">
      <h2 id="home-why" className="mb-6 text-xl font-semibold tracking-tight text-fg sm:text-2xl">
        {t('home.whyTitle')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {items.map((item) => (
          <li key={item.title} className="rounded-xl border border-line bg-surface p-5">
            <div className="mb-4 grid size-10 place-items-center rounded-lg bg-brand-soft text-brand">{item.icon}</div>
            <h3 className="text-[0.9375rem] font-semibold text-fg">{item.title}</h3>
            <p className="mt-1.5 text-[0.8125rem] leading-relaxed text-muted">{item.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
