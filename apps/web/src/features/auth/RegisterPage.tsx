import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { accountApi, apitip } from '../../api';
import { currentLang } from '../../app/preferences';
import { LOGIN_PATH } from '../../app/guards';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { Modal } from '../../components/Modal';
import { Loading } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { showToast } from '../../components/toast-store';
import { checkCode, checkInviteCode, checkNewPassword, checkRegisterEmail } from '../../lib/forms';
import { AuthCard } from './AuthCard';
import { CodeField } from './CodeField';
import { EmailField } from './EmailField';
import { FormActions } from './FormActions';
import { useCodeSender } from './useCodeSender';
import { NewPasswordFields } from './NewPasswordFields';

/**
 * The tabs of the registration form. The phone tab exists in the data (the server registers phone
 * numbers too) but only the e-mail tab is shown.
 */
const REGISTER_TABS = [
  { id: 'email', shown: true },
  { id: 'mobile', shown: false },
] as const;

const INVITE_MAX = 32;

type Field = 'email' | 'code' | 'password' | 'repeat' | 'invite' | 'agree';
type Errors = Partial<Record<Field, string>>;

/** `/components/register`: e-mail, code, password twice, invite code and the user agreement. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const agreeId = useId();
  const [email, setEmail] = useState(() => params.get('email')?.trim() ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [invite, setInvite] = useState(() => params.get('extension_code')?.trim() ?? '');
  const [agreed, setAgreed] = useState(false);
  const [agreementOpen, setAgreementOpen] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  const settings = useQuery({
    queryKey: ['cfg', 'register'],
    queryFn: ({ signal }) => accountApi.registerSettings({ signal }),
    staleTime: 5 * 60_000,
  });
  const inviteRequired = settings.data?.invite_code_required === 1;
  const sender = useCodeSender('register');

  const register = useMutation({
    mutationFn: () =>
      accountApi.register({ email: email.trim(), code: code.trim(), password, rePassword: repeat, inviteCode: invite.trim() }),
    onSuccess: () => {
      showToast(t('register.success'), 'success', 4000);
      void navigate(LOGIN_PATH, { state: { account: email.trim() } });
    },
  });

  /** The agreement comes first: a warning, and nothing is sent. */
  function requireAgreement(): boolean {
    if (agreed) return true;
    const warning = apitip('please accept the user agreement');
    setErrors((current) => ({ ...current, agree: warning }));
    showToast(warning, 'error');
    return false;
  }

  function sendCode() {
    if (!requireAgreement()) return;
    const problem = checkRegisterEmail(email);
    setErrors((current) => ({ ...current, email: problem && apitip(problem) }));
    if (problem) return;
    sender.send({ channel: 'email', address: email.trim() });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!requireAgreement()) return;
    const passwords = checkNewPassword(password, repeat);
    const found: Errors = {};
    const keys = {
      email: checkRegisterEmail(email),
      code: checkCode(code),
      password: passwords.password,
      repeat: passwords.repeat,
      invite: checkInviteCode(invite, inviteRequired),
    };
    for (const [field, key] of Object.entries(keys) as [Field, string | undefined][]) {
      if (key) found[field] = apitip(key);
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    register.mutate();
  }

  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')} testId="register-page">
      <div role="tablist" aria-label={t('register.tabs')} className="mb-5 flex gap-1 border-b border-line">
        {REGISTER_TABS.filter((tab) => tab.shown).map((tab) => (
          <span
            key={tab.id}
            role="tab"
            aria-selected="true"
            className="-mb-px border-b-2 border-brand px-1 pb-2.5 text-sm font-medium text-fg"
          >
            {t('register.tabEmail')}
          </span>
        ))}
      </div>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <EmailField value={email} onChange={setEmail} error={errors.email} testId="reg-account" />
        <CodeField value={code} onChange={setCode} error={errors.code} onSend={sendCode} sender={sender} testIdPrefix="reg" />
        <NewPasswordFields
          password={password}
          repeat={repeat}
          onPassword={setPassword}
          onRepeat={setRepeat}
          errors={errors}
          testIdPrefix="reg"
          labelKey="form.password"
        />
        <TextField
          label={inviteRequired ? t('register.invite') : t('register.inviteOptional')}
          name="invite"
          autoComplete="off"
          ltrValue
          maxLength={INVITE_MAX}
          placeholder={t('register.invitePlaceholder')}
          value={invite}
          onChange={(event) => setInvite(event.target.value)}
          error={errors.invite}
          required={inviteRequired}
          data-testid="reg-invite"
        />
        <div>
          <Checkbox
            id={agreeId}
            checked={agreed}
            invalid={Boolean(errors.agree)}
            onChange={(event) => {
              setAgreed(event.target.checked);
              if (event.target.checked) setErrors((current) => ({ ...current, agree: undefined }));
            }}
            data-testid="reg-agree"
            label={
              <Trans
                i18nKey="register.agree"
                components={{
                  // not "link": the tag parser treats <link> as a void element
                  doc: (
                    <button
                      type="button"
                      onClick={() => setAgreementOpen(true)}
                      data-testid="reg-agreement-link"
                      className="font-medium text-brand hover:underline"
                    />
                  ),
                }}
              />
            }
          />
          {errors.agree && <p className="mt-1.5 ps-6.5 text-[0.8125rem] text-down">{errors.agree}</p>}
        </div>
        <FormActions
          call={register}
          label={register.isPending ? t('register.submitting') : t('register.submit')}
          testId="reg-submit"
          errorTestId="register-error"
        />
      </form>
      <p className="mt-6 border-t border-line pt-5 text-[0.8125rem] text-muted">
        {t('register.haveAccount')}{' '}
        <Link to={LOGIN_PATH} className="font-medium text-brand hover:underline">
          {t('register.login')}
        </Link>
      </p>
      <AgreementDialog
        open={agreementOpen}
        onOpenChange={setAgreementOpen}
        onAgree={() => {
          setAgreed(true);
          setErrors((current) => ({ ...current, agree: undefined }));
          setAgreementOpen(false);
        }}
      />
    </AuthCard>
  );
}

/** The user agreement (`news/xieyi`) in the reader's language, operator-written HTML. */
function AgreementDialog({ open, onOpenChange, onAgree }: { open: boolean; onOpenChange(open: boolean): void; onAgree(): void }) {
  const { t } = useTranslation();
  const agreement = useQuery({
    queryKey: ['news', 'agreement', currentLang],
    queryFn: ({ signal }) => accountApi.agreement(currentLang, { signal }),
    enabled: open,
    staleTime: 10 * 60_000,
  });
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={agreement.data?.title || t('register.agreementTitle')}
      testId="agreement-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.close')}
          </Button>
          <Button onClick={onAgree} data-testid="agreement-accept" disabled={!agreement.data}>
            {t('register.agreeButton')}
          </Button>
        </>
      }
    >
      {agreement.isPending ? (
        <Loading label={t('common.loading')} />
      ) : agreement.isError ? (
        <div className="flex flex-col items-center gap-3 py-10 text-center text-sm text-muted">
          <p>{t('common.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void agreement.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <div
          className="prose-article text-sm"
          data-testid="agreement-text"
          // Trusted: the agreement is written by the operator in the back office.
          dangerouslySetInnerHTML={{ __html: agreement.data.content }}
        />
      )}
    </Modal>
  );
}
