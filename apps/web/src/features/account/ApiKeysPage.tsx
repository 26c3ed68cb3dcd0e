import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiKeysApi, apitip, type ApiKeyCreated, type ApiKeyView } from '../../api';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Modal } from '../../components/Modal';
import { Loading } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { displayServerTime } from '../../lib/format';
import { errorText, useSecondFactor, useSession } from '../auth';
import { GuestNotice, LoadFailed, useIsGuest } from './common';

const OPTIONAL_SCOPES = ['trade', 'withdraw'] as const;

/**
 * `/account/apiKeys`: the caller's API keys for bots (docs/api-v1.md). Create one (label, scopes,
 * IP allow-list; withdraw only with an allow-list), see its secret once, delete one; each key's
 * 90-day rule and its recent use. The guest account has none.
 */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const guest = useIsGuest();
  const token = useSession((state) => state.token);
  const client = useQueryClient();
  const keys = useQuery({ queryKey: ['apiKeys', token], queryFn: ({ signal }) => apiKeysApi.list({ signal }), enabled: token !== null && !guest });
  const uses = useQuery({ queryKey: ['apiKeys', 'uses', token], queryFn: ({ signal }) => apiKeysApi.uses({ signal }), enabled: token !== null && !guest });
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [deleting, setDeleting] = useState<ApiKeyView | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: ['apiKeys'] });
  const remove = useMutation({
    mutationFn: (id: number) => apiKeysApi.remove(id),
    onSuccess: refresh,
    onSettled: () => setDeleting(null),
  });

  if (guest) return <GuestNotice />;

  return (
    <div className="flex flex-col gap-4" data-testid="api-keys-page">
      <section className="rounded-xl border border-line bg-surface">
        <header className="border-b border-line px-4 py-4 sm:px-6">
          <h2 className="text-lg font-semibold text-fg">{t('apiKeys.title')}</h2>
          <p className="mt-0.5 text-[0.8125rem] text-muted">{t('apiKeys.intro')}</p>
          <p className="mt-1 text-[0.8125rem] text-warn" data-testid="api-keys-rule">{t('apiKeys.rule90')}</p>
        </header>
        <CreateKeyForm
          onCreated={(key) => {
            setCreated(key);
            refresh();
          }}
        />
      </section>

      <section className="rounded-xl border border-line bg-surface">
        {keys.isPending ? (
          <Loading label={t('common.loading')} />
        ) : keys.isError ? (
          <LoadFailed onRetry={() => void keys.refetch()} />
        ) : keys.data.length === 0 ? (
          <p className="px-4 py-6 text-center text-[0.8125rem] text-muted" data-testid="api-keys-empty">{t('apiKeys.none')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[44rem] text-[0.8125rem]" data-testid="api-keys-table">
              <thead>
                <tr className="border-b border-line text-faint">
                  <th scope="col" className="px-4 py-2.5 text-start font-medium sm:px-6">{t('apiKeys.label')}</th>
                  <th scope="col" className="px-4 py-2.5 text-start font-medium">{t('apiKeys.key')}</th>
                  <th scope="col" className="px-4 py-2.5 text-start font-medium">{t('apiKeys.scopes')}</th>
                  <th scope="col" className="px-4 py-2.5 text-start font-medium">{t('apiKeys.address')}</th>
                  <th scope="col" className="px-4 py-2.5 text-start font-medium">{t('apiKeys.lastUsed')}</th>
                  <th scope="col" className="px-4 py-2.5 text-end font-medium sm:px-6">{t('orders.action')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {keys.data.map((key) => (
                  <tr key={key.id} data-testid="api-key-row" className="align-top text-fg">
                    <td className="px-4 py-3 sm:px-6">
                      <div>{key.label}</div>
                      <div className="text-[0.75rem] text-faint">
                        {t('apiKeys.created')} <span className="num">{displayServerTime(key.create_time)}</span>
                      </div>
                      {key.disabled ? (
                        <div className="text-[0.75rem] text-down" data-testid="api-key-disabled">{t('apiKeys.disabled')}</div>
                      ) : (
                        key.disables_time && (
                          <div className="text-[0.75rem] text-warn" data-testid="api-key-disables">{t('apiKeys.disablesOn', { time: displayServerTime(key.disables_time) })}</div>
                        )
                      )}
                    </td>
                    <td className="num px-4 py-3" dir="ltr">{key.key}</td>
                    <td className="px-4 py-3">{key.scopes.map((scope) => t(`apiKeys.scope_${scope}`)).join(', ')}</td>
                    <td className="num px-4 py-3" dir="ltr">{key.ips.length > 0 ? key.ips.join(', ') : t('apiKeys.anyAddress')}</td>
                    <td className="num px-4 py-3 text-muted">{key.last_used_time ? displayServerTime(key.last_used_time) : t('apiKeys.never')}</td>
                    <td className="px-4 py-3 text-end sm:px-6">
                      <Button variant="ghost" size="sm" onClick={() => setDeleting(key)} data-testid="api-key-delete">
                        {t('apiKeys.delete')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="rounded-xl border border-line bg-surface" data-testid="api-key-uses">
        <h3 className="border-b border-line px-4 py-3 text-[0.875rem] font-semibold text-fg sm:px-6">{t('apiKeys.uses')}</h3>
        {uses.data && uses.data.length > 0 ? (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[36rem] text-[0.8125rem]">
              <thead>
                <tr className="border-b border-line text-faint">
                  <th scope="col" className="px-4 py-2.5 text-start font-medium sm:px-6">{t('apiKeys.label')}</th>
                  <th scope="col" className="px-4 py-2.5 text-start font-medium">{t('apiKeys.address')}</th>
                  <th scope="col" className="px-4 py-2.5 text-start font-medium">{t('apiKeys.lastUsed')}</th>
                  <th scope="col" className="px-4 py-2.5 text-end font-medium">{t('apiKeys.requests')}</th>
                  <th scope="col" className="px-4 py-2.5 text-end font-medium sm:px-6">{t('apiKeys.refused')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {uses.data.map((use) => (
                  <tr key={`${use.key_id}-${use.ip}-${use.first_time}`} className="text-fg">
                    <td className="px-4 py-2.5 sm:px-6">{use.label}</td>
                    <td className="num px-4 py-2.5" dir="ltr">{use.ip}</td>
                    <td className="num px-4 py-2.5 text-muted">{displayServerTime(use.last_time)}</td>
                    <td className="num px-4 py-2.5 text-end">{use.requests}</td>
                    <td className="num px-4 py-2.5 text-end sm:px-6">{use.refused}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="px-4 py-4 text-[0.8125rem] text-muted sm:px-6">{t('apiKeys.noUses')}</p>
        )}
      </section>

      <Modal
        open={created !== null}
        onOpenChange={(open) => !open && setCreated(null)}
        title={t('apiKeys.secretOnce')}
        testId="api-key-secret"
        footer={<Button onClick={() => setCreated(null)}>{t('apiKeys.done')}</Button>}
      >
        <dl className="flex flex-col gap-2 text-[0.8125rem]">
          <dt className="text-faint">{t('apiKeys.key')}</dt>
          <dd className="num break-all select-all text-fg" dir="ltr" data-testid="api-key-created-key">{created?.key}</dd>
          <dt className="text-faint">{t('apiKeys.secret')}</dt>
          <dd className="num break-all select-all text-fg" dir="ltr" data-testid="api-key-created-secret">{created?.secret}</dd>
        </dl>
      </Modal>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('apiKeys.deleteTitle')}
        confirmLabel={t('apiKeys.delete')}
        tone="down"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        testId="api-key-delete-confirm"
      >
        {t('apiKeys.deleteBody')}
      </ConfirmDialog>
    </div>
  );
}

/** The creation form: a label, the optional scopes (read always), an IP allow-list. */
function CreateKeyForm({ onCreated }: { onCreated(key: ApiKeyCreated): void }) {
  const { t } = useTranslation();
  const [label, setLabel] = useState('');
  const [scopes, setScopes] = useState<Record<(typeof OPTIONAL_SCOPES)[number], boolean>>({ trade: true, withdraw: false });
  const [ips, setIps] = useState('');
  const [error, setError] = useState<string | undefined>();
  // a user with an authenticator proves each new key with a code (a key acts for the account)
  const second = useSecondFactor('api-key');
  const create = useMutation({
    mutationFn: () => apiKeysApi.create({ label: label.trim(), scopes: ['read', ...OPTIONAL_SCOPES.filter((scope) => scopes[scope])].join(','), ips, ...second.params }),
    onSuccess: (key) => {
      setLabel('');
      setIps('');
      onCreated(key);
    },
    onSettled: () => second.reset(),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = label.trim() === '' || label.trim().length > 40 ? 'enter a label' : scopes.withdraw && ips.trim() === '' ? 'withdraw scope needs an ip allow-list' : undefined;
    setError(problem && apitip(problem));
    if (!problem && second.check()) create.mutate();
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-3 px-4 py-4 sm:grid-cols-2 sm:px-6" data-testid="api-key-form">
      <TextField label={t('apiKeys.label')} value={label} maxLength={40} onChange={(event) => setLabel(event.target.value)} error={error} data-testid="api-key-label" />
      <TextField label={t('apiKeys.ips')} value={ips} ltrValue onChange={(event) => setIps(event.target.value)} data-testid="api-key-ips" />
      <fieldset className="flex flex-wrap items-center gap-4 sm:col-span-2">
        <legend className="mb-1 text-[0.8125rem] text-faint">{t('apiKeys.scopes')}</legend>
        <Checkbox label={t('apiKeys.scope_read')} checked disabled readOnly />
        {OPTIONAL_SCOPES.map((scope) => (
          <Checkbox
            key={scope}
            label={t(`apiKeys.scope_${scope}`)}
            checked={scopes[scope]}
            onChange={(event) => setScopes({ ...scopes, [scope]: event.target.checked })}
            data-testid={`api-key-scope-${scope}`}
          />
        ))}
        {scopes.withdraw && <span className="text-[0.75rem] text-warn">{t('apiKeys.withdrawNeedsIps')}</span>}
      </fieldset>
      {second.field && <div className="sm:col-span-2">{second.field}</div>}
      {create.isError && <p className="text-[0.8125rem] text-down sm:col-span-2" role="alert" data-testid="api-key-error">{errorText(create.error)}</p>}
      <div className="sm:col-span-2">
        <Button type="submit" busy={create.isPending} data-testid="api-key-create">
          {t('apiKeys.create')}
        </Button>
      </div>
    </form>
  );
}
