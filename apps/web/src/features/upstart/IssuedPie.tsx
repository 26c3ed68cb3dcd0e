import { useTranslation } from 'react-i18next';
import { Num } from '../../components/Num';
import { issuedShare, slicePath } from '../../lib/upstart';

const R = 60;

/** The planned total as a pie: issued (brand colour) against remaining (the line colour), with a legend. */
export function IssuedPie({ total, remaining, token }: { total: string; remaining: string; token: string }) {
  const { t } = useTranslation();
  const share = issuedShare(total, remaining);
  const issuedPath = slicePath(share.fraction, R);
  return (
    <figure className="flex flex-wrap items-center gap-6" data-testid="issued-pie" data-issued={share.issuedPercent}>
      <svg viewBox={`0 0 ${R * 2} ${R * 2}`} className="size-36 shrink-0" role="img" aria-label={t('upstart.pieLabel', { issued: share.issuedPercent, remaining: share.remainingPercent })}>
        <circle cx={R} cy={R} r={R} className="fill-line" />
        {issuedPath && <path d={issuedPath} className="fill-brand" />}
        <circle cx={R} cy={R} r={R * 0.58} className="fill-surface" />
        <text x={R} y={R} textAnchor="middle" dominantBaseline="central" className="fill-fg text-[15px] font-semibold" direction="ltr">
          {share.issuedPercent}%
        </text>
      </svg>
      <figcaption className="grid gap-3 text-[0.8125rem]">
        <Legend swatch="bg-brand" label={t('upstart.issued')} amount={share.issued} percent={share.issuedPercent} token={token} />
        <Legend swatch="bg-line" label={t('upstart.remaining')} amount={share.remaining} percent={share.remainingPercent} token={token} />
      </figcaption>
    </figure>
  );
}

function Legend({ swatch, label, amount, percent, token }: { swatch: string; label: string; amount: string; percent: string; token: string }) {
  return (
    <div className="flex items-start gap-2.5">
      <span aria-hidden="true" className={`mt-1 size-3 shrink-0 rounded-sm ${swatch}`} />
      <div>
        <p className="text-muted">
          {label} <Num className="text-faint">{percent}%</Num>
        </p>
        <p className="font-medium text-fg">
          <Num>{amount}</Num> <span className="text-muted">{token}</span>
        </p>
      </div>
    </div>
  );
}
