import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@web/components/Button';
import { api, useAction, useApi } from '../../api';
import { useOperator } from '../../app/auth';
import { ALL_ROLES, type Section } from '../../app/section';
import { ErrorLine } from '../../components/ErrorLine';
import { SelectFilter } from '../../components/Filter';
import { PageHeader } from '../../components/PageHeader';

interface Submission {
  submission_id: number;
  user_id: number;
  name: string;
  card_id: string;
  front_pic: string;
  reverse_pic: string;
  hand_pic: string;
  status: number;
  reject_reason: string;
  created_at: string;
}

const STATUSES = [
  { value: '1', label: 'pending' },
  { value: '2', label: 'approved' },
  { value: '3', label: 'rejected' },
];

function Photo({ src, label }: { src: string; label: string }) {
  if (!src) {
    return (
      <div className="block">
        <div className="flex h-72 w-full items-center justify-center rounded border border-dashed border-line bg-sunken text-muted" data-testid="photo-absent">
          not submitted
        </div>
        <span className="text-[0.75rem] text-muted">{label}</span>
      </div>
    );
  }
  return (
    <a href={src} target="_blank" rel="noreferrer" className="block">
      <img src={src} alt={label} className="h-72 w-full rounded border border-line bg-sunken object-contain" />
      <span className="text-[0.75rem] text-muted">{label}</span>
    </a>
  );
}

function SubmissionCard({ item, onDecided }: { item: Submission; onDecided: () => void }) {
  const [reason, setReason] = useState('');
  const action = useAction();
  const me = useOperator();
  const mayDecide = item.status === 1 && (me.role === 'admin' || me.role === 'reviewer');
  return (
    <article className="rounded-md border border-line bg-surface p-4" aria-label={`Identity of user ${item.user_id}`} data-testid="identity-item">
      <div className="mb-3 flex flex-wrap gap-4 text-sm">
        <Link to={`/users/${item.user_id}`} className="text-brand">
          user {item.user_id}
        </Link>
        <span>
          name <strong>{item.name}</strong>
        </span>
        <span>
          document <strong>{item.card_id}</strong>
        </span>
        <span className="text-muted">{item.created_at}</span>
        {item.reject_reason && <span className="text-down">{item.reject_reason}</span>}
      </div>
      <div className="grid gap-3 md:grid-cols-3">
        <Photo src={item.front_pic} label="front" />
        <Photo src={item.reverse_pic} label="back" />
        <Photo src={item.hand_pic} label="held in hand" />
      </div>
      {mayDecide && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Button size="sm" busy={action.busy} onClick={() => void action.run(() => api('POST', `/kyc/${item.user_id}/approve`)).then((done) => done && onDecided())}>
            Approve
          </Button>
          <input aria-label="Reason for rejecting" className="bo-input w-80" placeholder="Reason (shown to the user)" value={reason} onChange={(event) => setReason(event.target.value)} />
          <Button
            size="sm"
            variant="outline"
            disabled={reason.trim() === ''}
            busy={action.busy}
            onClick={() => void action.run(() => api('POST', `/kyc/${item.user_id}/reject`, { reason: reason.trim() })).then((done) => done && onDecided())}
          >
            Reject
          </Button>
        </div>
      )}
      <ErrorLine error={action.error} />
    </article>
  );
}

function IdentityScreen() {
  const [status, setStatus] = useState('1');
  const { data, error, reload } = useApi<{ items: Submission[] }>('/kyc', { status });
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Identity checks">
        <SelectFilter label="Status" value={status} options={STATUSES} onChange={setStatus} />
      </PageHeader>
      <ErrorLine error={error} />
      {data?.items.length === 0 && <p className="text-muted">Nothing in this queue.</p>}
      {data?.items.map((item) => (
        <SubmissionCard key={item.submission_id} item={item} onDecided={reload} />
      ))}
    </div>
  );
}

export const identitySection: Section = { path: 'identity', label: 'Identity checks', roles: ALL_ROLES, Screen: IdentityScreen, group: 'queues' };
