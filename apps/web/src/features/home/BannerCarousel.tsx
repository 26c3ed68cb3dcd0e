import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NEWS_CATEGORY, type NewsSummary } from '../../api';
import { ChevronEndIcon, ChevronStartIcon } from '../../components/icons';
import { Skeleton } from '../../components/Spinner';
import { noticeHref, useNewsList } from '../news';

const AUTOPLAY_MS = 5000;

/** Banners (news c_id 3, 1920×440 pictures): cross-fading slides, autoplay and loop, paused while hovered or focused. */
export function BannerCarousel() {
  const { t } = useTranslation();
  const banners = useNewsList(NEWS_CATEGORY.banners, 1, 10);
  const slides = (banners.data?.list ?? []).filter((banner) => banner.thumbnail);

  if (banners.isPending) return <Skeleton className="w-full rounded-2xl aspect-[1920/440] min-h-34" />;
  if (slides.length === 0) return <BannerFallback />;
  return <Slides slides={slides} label={t('home.highlights')} />;
}

function Slides({ slides, label }: { slides: NewsSummary[]; label: string }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = slides.length;
  const current = index % count;

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [paused, count]);

  const go = (step: number) => setIndex((i) => (i + step + count) % count);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="group relative aspect-[1920/440] min-h-34 w-full overflow-hidden rounded-2xl border border-line bg-raised"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {slides.map((slide, i) => (
        <Link
          key={slide.id}
          to={noticeHref(slide.id)}
          aria-roledescription="slide"
          aria-label={slide.title}
          aria-hidden={i !== current}
          tabIndex={i === current ? 0 : -1}
          className={clsx(
            'absolute inset-0 transition-opacity duration-700 ease-out',
            i === current ? 'opacity-100' : 'pointer-events-none opacity-0',
          )}
        >
          <img
            src={slide.thumbnail}
            alt={slide.title}
            className="size-full object-cover object-[30%_50%]"
            loading={i === 0 ? 'eager' : 'lazy'}
            draggable={false}
          />
        </Link>
      ))}

      {count > 1 && (
        <>
          <button
            type="button"
            onClick={() => go(-1)}
            aria-label={t('home.previousSlide')}
            className="absolute start-3 top-1/2 grid size-9 -translate-y-1/2 place-items-center rounded-full bg-surface/80 text-fg opacity-0 shadow-pop transition-opacity group-hover:opacity-100 focus-visible:opacity-100"
          >
            <ChevronStartIcon className="rtl:-scale-x-100" />
          </button>
          <button
            type="button"
            onClick={() => go(1)}
            aria-label={t('home.nextSlide')}
            className="absolute end-3 top-1/2 grid size-9 -translate-y-1/2 place-items-center rounded-full bg-surface/80 text-fg opacity-0 shadow-pop transition-opacity group-hover:opacity-100 focus-visible:opacity-100"
          >
            <ChevronEndIcon className="rtl:-scale-x-100" />
          </button>
          <div className="absolute inset-x-0 bottom-3 flex justify-center gap-1.5">
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                onClick={() => setIndex(i)}
                aria-label={t('home.goToSlide', { n: i + 1 })}
                aria-current={i === current ? 'true' : undefined}
                className={clsx(
                  'h-1.5 rounded-full transition-all',
                  i === current ? 'w-6 bg-white' : 'w-1.5 bg-white/50 hover:bg-white/80',
                )}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}

/** Without banners the hero still has a calm picture: the brand's tiles, no text, no figures. */
function BannerFallback() {
  return (
    <div aria-hidden="true" className="relative aspect-[1920/440] min-h-34 w-full overflow-hidden rounded-2xl border border-line bg-raised">
      <div className="absolute inset-0 grid grid-cols-12 grid-rows-3 gap-2 p-4 opacity-60">
        {Array.from({ length: 36 }, (_, i) => (
          <span
            key={i}
            className={clsx('rounded-lg', i % 5 === 0 ? 'bg-brand/50' : i % 3 === 0 ? 'bg-brand-soft' : 'bg-sunken')}
          />
        ))}
      </div>
    </div>
  );
}
