import { useTranslation } from 'react-i18next';
import { displayedPairs } from '../../lib/trading/market';
import { useLiveQuotations, useMarketFeed } from '../market';
import { AnnouncementStrip } from './AnnouncementStrip';
import { AppDownload } from './AppDownload';
import { BannerCarousel } from './BannerCarousel';
import { Features } from './Features';
import { MarketTable } from './MarketTable';
import { RegisterBox } from './RegisterBox';
import { TickerStrip } from './TickerStrip';

/** The ticker and the table refresh the quotations every 5 seconds. */
const QUOTATION_REFRESH_MS = 5000;

export function HomePage() {
  const { t } = useTranslation();
  useMarketFeed();
  const { groups, isPending, isError } = useLiveQuotations(QUOTATION_REFRESH_MS);
  return (
    <div className="flex flex-col">
      <div className="hero-glow">
        <div className="mx-auto flex max-w-[90rem] flex-col gap-3 px-3 pt-4 sm:px-5 sm:pt-6">
          <BannerCarousel />
          <TickerStrip items={displayedPairs(groups)} />
          <AnnouncementStrip />
        </div>
      </div>

      <div className="mx-auto flex w-full max-w-[90rem] flex-col gap-10 px-3 py-8 sm:px-5 lg:gap-14 lg:py-10">
        <section
          aria-labelledby="home-title"
          className="grid gap-6 rounded-2xl border border-line bg-surface p-5 sm:p-8 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:items-center lg:gap-12 lg:p-10"
        >
          <div>
            <h1
              id="home-title"
              className="text-[1.75rem] leading-[1.15] font-semibold tracking-tight text-fg sm:text-[2.25rem]"
            >
              {t('home.heroTitle')}
            </h1>
            <p className="mt-3 max-w-xl text-[0.9375rem] leading-relaxed text-muted">{t('home.heroBody')}</p>
          </div>
          <div className="flex flex-col gap-5">
            <RegisterBox />
            <AppDownload />
          </div>
        </section>
        <MarketTable groups={groups} isPending={isPending} isError={isError} />
        <Features />
      </div>
    </div>
  );
}
