import type { Lang } from '@tessera/protocol';

/** What a security message tells the account's owner about. */
export const SECURITY_EVENTS = [
  'new_device',
  'password_changed',
  'pay_password_changed',
  'second_factor_bound',
  'second_factor_unbound',
  'second_factor_reset',
  'email_bound',
  'withdrawal_requested',
  'allow_list_on',
  'allow_list_off',
  'anti_phishing_changed',
] as const;
export type SecurityEvent = (typeof SECURITY_EVENTS)[number];

interface SecurityTexts {
  /** per event: the subject, and the first line (`{detail}` filled in: an amount, an address, a time) */
  events: Record<SecurityEvent, { subject: string; lead: string }>;
  /** `{code}`: the user's anti-phishing code */
  antiPhishing: string;
  /** `{time}`, `{ip}`, `{device}` */
  details: string;
  /** `{link}` */
  lockLink: string;
  /** `{code}`, `{path}` */
  lockCode: string;
}

/** The security messages in each language: e-mail subject and body, SMS body. */
export const SECURITY_TEXTS: Record<Lang, SecurityTexts> = {
  en: {
    events: {
      new_device: { subject: 'New login to your Tessera account', lead: 'Your account was logged into from a device or address it had not used before.' },
      password_changed: { subject: 'Your Tessera login password was changed', lead: 'The login password of your account was changed, and its other sessions were ended.' },
      pay_password_changed: { subject: 'Your Tessera fund password was changed', lead: 'The fund password of your account was set or changed.' },
      second_factor_bound: { subject: 'An authenticator was bound to your Tessera account', lead: 'An authenticator app was bound to your account: logins, withdrawals and security changes now ask for its code.' },
      second_factor_unbound: { subject: 'The authenticator of your Tessera account was removed', lead: 'The authenticator app was removed from your account: logins and withdrawals no longer ask for its code.' },
      second_factor_reset: { subject: 'The authenticator of your Tessera account was reset', lead: 'Support reset the authenticator of your account, approved by a second operator: you may bind a new one.' },
      email_bound: { subject: 'An e-mail address was bound to your Tessera account', lead: 'The e-mail address {detail} was bound to your account.' },
      withdrawal_requested: { subject: 'Withdrawal request on your Tessera account', lead: 'A withdrawal of {detail} was requested from your account.' },
      allow_list_on: { subject: 'Your Tessera withdrawal allow-list is on', lead: 'Your withdrawal address allow-list was turned on: withdrawals go only to your saved addresses.' },
      allow_list_off: { subject: 'Your Tessera withdrawal allow-list will be turned off', lead: 'Turning off your withdrawal address allow-list was requested. It stays on until {detail} (UTC).' },
      anti_phishing_changed: { subject: 'Your Tessera anti-phishing code was changed', lead: 'Your anti-phishing code was changed: every e-mail from us now shows the code above.' },
    },
    antiPhishing: 'Anti-phishing code: {code}',
    details: 'Time: {time} UTC · Address: {ip} · Device: {device}',
    lockLink: 'If this was not you, lock your account at once: {link}',
    lockCode: 'Lock code: {code} (you may also enter it at {path}).',
  },
  zh: {
    events: {
      new_device: { subject: '您的 Tessera 账户有新的登录', lead: '您的账户在一台此前未使用过的设备或地址上登录。' },
      password_changed: { subject: '您的 Tessera 登录密码已修改', lead: '您账户的登录密码已修改，其他会话均已结束。' },
      pay_password_changed: { subject: '您的 Tessera 资金密码已修改', lead: '您账户的资金密码已设置或修改。' },
      second_factor_bound: { subject: '您的 Tessera 账户已绑定谷歌验证器', lead: '您的账户已绑定谷歌验证器：登录、提币和安全设置修改时将要求输入其验证码。' },
      second_factor_unbound: { subject: '您的 Tessera 账户已解绑谷歌验证器', lead: '您的账户已解绑谷歌验证器：登录和提币不再要求输入其验证码。' },
      second_factor_reset: { subject: '您的 Tessera 账户的谷歌验证器已重置', lead: '客服已重置您账户的谷歌验证器（经第二名管理员批准），您可以重新绑定。' },
      email_bound: { subject: '您的 Tessera 账户已绑定邮箱', lead: '邮箱 {detail} 已绑定到您的账户。' },
      withdrawal_requested: { subject: '您的 Tessera 账户有提币申请', lead: '您的账户申请提币 {detail}。' },
      allow_list_on: { subject: '您的 Tessera 提币白名单已开启', lead: '您的提币地址白名单已开启：只能向已保存的地址提币。' },
      allow_list_off: { subject: '您的 Tessera 提币白名单即将关闭', lead: '已申请关闭您的提币地址白名单，在 {detail}（UTC）之前仍保持开启。' },
      anti_phishing_changed: { subject: '您的 Tessera 防钓鱼码已修改', lead: '您的防钓鱼码已修改：我们发送的每封邮件都会显示上方的防钓鱼码。' },
    },
    antiPhishing: '防钓鱼码：{code}',
    details: '时间：{time} UTC · 地址：{ip} · 设备：{device}',
    lockLink: '如非本人操作，请立即锁定您的账户：{link}',
    lockCode: '锁定码：{code}（也可在 {path} 输入）。',
  },
  hk: {
    events: {
      new_device: { subject: '您的 Tessera 帳戶有新的登入', lead: '您的帳戶在一部此前未使用過的裝置或地址上登入。' },
      password_changed: { subject: '您的 Tessera 登入密碼已修改', lead: '您帳戶的登入密碼已修改，其他會話均已結束。' },
      pay_password_changed: { subject: '您的 Tessera 資金密碼已修改', lead: '您帳戶的資金密碼已設定或修改。' },
      second_factor_bound: { subject: '您的 Tessera 帳戶已綁定谷歌驗證器', lead: '您的帳戶已綁定谷歌驗證器：登入、提幣和安全設定修改時將要求輸入其驗證碼。' },
      second_factor_unbound: { subject: '您的 Tessera 帳戶已解除綁定谷歌驗證器', lead: '您的帳戶已解除綁定谷歌驗證器：登入和提幣不再要求輸入其驗證碼。' },
      second_factor_reset: { subject: '您的 Tessera 帳戶的谷歌驗證器已重設', lead: '客服已重設您帳戶的谷歌驗證器（經第二名管理員批准），您可以重新綁定。' },
      email_bound: { subject: '您的 Tessera 帳戶已綁定電郵', lead: '電郵 {detail} 已綁定到您的帳戶。' },
      withdrawal_requested: { subject: '您的 Tessera 帳戶有提幣申請', lead: '您的帳戶申請提幣 {detail}。' },
      allow_list_on: { subject: '您的 Tessera 提幣白名單已開啟', lead: '您的提幣地址白名單已開啟：只能向已儲存的地址提幣。' },
      allow_list_off: { subject: '您的 Tessera 提幣白名單即將關閉', lead: '已申請關閉您的提幣地址白名單，在 {detail}（UTC）之前仍保持開啟。' },
      anti_phishing_changed: { subject: '您的 Tessera 防釣魚碼已修改', lead: '您的防釣魚碼已修改：我們發送的每封電郵都會顯示上方的防釣魚碼。' },
    },
    antiPhishing: '防釣魚碼：{code}',
    details: '時間：{time} UTC · 地址：{ip} · 裝置：{device}',
    lockLink: '如非本人操作，請立即鎖定您的帳戶：{link}',
    lockCode: '鎖定碼：{code}（亦可在 {path} 輸入）。',
  },
  kr: {
    events: {
      new_device: { subject: 'Tessera 계정에 새 로그인이 있습니다', lead: '이전에 사용하지 않은 기기 또는 주소에서 계정에 로그인했습니다.' },
      password_changed: { subject: 'Tessera 로그인 비밀번호가 변경되었습니다', lead: '계정의 로그인 비밀번호가 변경되었고 다른 세션은 모두 종료되었습니다.' },
      pay_password_changed: { subject: 'Tessera 자금 비밀번호가 변경되었습니다', lead: '계정의 자금 비밀번호가 설정되었거나 변경되었습니다.' },
      second_factor_bound: { subject: 'Tessera 계정에 인증 앱이 연결되었습니다', lead: '계정에 인증 앱이 연결되었습니다. 이제 로그인, 출금, 보안 설정 변경 시 인증 코드를 묻습니다.' },
      second_factor_unbound: { subject: 'Tessera 계정의 인증 앱 연결이 해제되었습니다', lead: '계정에서 인증 앱 연결이 해제되었습니다. 로그인과 출금 시 더 이상 인증 코드를 묻지 않습니다.' },
      second_factor_reset: { subject: 'Tessera 계정의 인증 앱이 재설정되었습니다', lead: '고객지원팀이 두 번째 운영자의 승인을 받아 계정의 인증 앱을 재설정했습니다. 새 인증 앱을 연결할 수 있습니다.' },
      email_bound: { subject: 'Tessera 계정에 이메일이 연결되었습니다', lead: '이메일 주소 {detail}이(가) 계정에 연결되었습니다.' },
      withdrawal_requested: { subject: 'Tessera 계정의 출금 요청', lead: '계정에서 {detail} 출금이 요청되었습니다.' },
      allow_list_on: { subject: 'Tessera 출금 허용 목록이 켜졌습니다', lead: '출금 주소 허용 목록이 켜졌습니다. 저장된 주소로만 출금할 수 있습니다.' },
      allow_list_off: { subject: 'Tessera 출금 허용 목록이 꺼질 예정입니다', lead: '출금 주소 허용 목록 끄기가 요청되었습니다. {detail}(UTC)까지는 켜진 상태로 유지됩니다.' },
      anti_phishing_changed: { subject: 'Tessera 피싱 방지 코드가 변경되었습니다', lead: '피싱 방지 코드가 변경되었습니다. 이제 당사의 모든 이메일에 위의 코드가 표시됩니다.' },
    },
    antiPhishing: '피싱 방지 코드: {code}',
    details: '시간: {time} UTC · 주소: {ip} · 기기: {device}',
    lockLink: '본인이 아니라면 즉시 계정을 잠그세요: {link}',
    lockCode: '잠금 코드: {code} ({path}에서 입력할 수도 있습니다).',
  },
  jp: {
    events: {
      new_device: { subject: 'Tessera アカウントへの新しいログイン', lead: 'これまで使われていない端末またはアドレスからアカウントにログインがありました。' },
      password_changed: { subject: 'Tessera のログインパスワードが変更されました', lead: 'アカウントのログインパスワードが変更され、他のセッションはすべて終了しました。' },
      pay_password_changed: { subject: 'Tessera の資金パスワードが変更されました', lead: 'アカウントの資金パスワードが設定または変更されました。' },
      second_factor_bound: { subject: 'Tessera アカウントに認証アプリが連携されました', lead: 'アカウントに認証アプリが連携されました。ログイン、出金、セキュリティ設定の変更時にコードが求められます。' },
      second_factor_unbound: { subject: 'Tessera アカウントの認証アプリ連携が解除されました', lead: 'アカウントの認証アプリ連携が解除されました。ログインと出金でコードは求められなくなります。' },
      second_factor_reset: { subject: 'Tessera アカウントの認証アプリがリセットされました', lead: 'サポートが2人目の担当者の承認を得て、アカウントの認証アプリをリセットしました。新しい認証アプリを連携できます。' },
      email_bound: { subject: 'Tessera アカウントにメールアドレスが連携されました', lead: 'メールアドレス {detail} がアカウントに連携されました。' },
      withdrawal_requested: { subject: 'Tessera アカウントの出金申請', lead: 'アカウントから {detail} の出金が申請されました。' },
      allow_list_on: { subject: 'Tessera の出金許可リストがオンになりました', lead: '出金アドレス許可リストがオンになりました。保存済みのアドレスにのみ出金できます。' },
      allow_list_off: { subject: 'Tessera の出金許可リストがオフになります', lead: '出金アドレス許可リストのオフが申請されました。{detail}（UTC）まではオンのままです。' },
      anti_phishing_changed: { subject: 'Tessera のフィッシング対策コードが変更されました', lead: 'フィッシング対策コードが変更されました。当社からのすべてのメールに上記のコードが表示されます。' },
    },
    antiPhishing: 'フィッシング対策コード：{code}',
    details: '日時：{time} UTC · アドレス：{ip} · 端末：{device}',
    lockLink: 'お心当たりのない場合は、すぐにアカウントをロックしてください：{link}',
    lockCode: 'ロックコード：{code}（{path} で入力することもできます）。',
  },
  spa: {
    events: {
      new_device: { subject: 'Nuevo inicio de sesión en tu cuenta de Tessera', lead: 'Se inició sesión en tu cuenta desde un dispositivo o una dirección que no había usado antes.' },
      password_changed: { subject: 'Se cambió la contraseña de acceso de Tessera', lead: 'Se cambió la contraseña de acceso de tu cuenta y se cerraron sus demás sesiones.' },
      pay_password_changed: { subject: 'Se cambió la contraseña de fondos de Tessera', lead: 'Se estableció o cambió la contraseña de fondos de tu cuenta.' },
      second_factor_bound: { subject: 'Se vinculó un autenticador a tu cuenta de Tessera', lead: 'Se vinculó una aplicación de autenticación a tu cuenta: los inicios de sesión, los retiros y los cambios de seguridad pedirán su código.' },
      second_factor_unbound: { subject: 'Se quitó el autenticador de tu cuenta de Tessera', lead: 'Se quitó la aplicación de autenticación de tu cuenta: los inicios de sesión y los retiros ya no piden su código.' },
      second_factor_reset: { subject: 'Se restableció el autenticador de tu cuenta de Tessera', lead: 'Soporte restableció el autenticador de tu cuenta con la aprobación de un segundo operador: puedes vincular uno nuevo.' },
      email_bound: { subject: 'Se vinculó un correo a tu cuenta de Tessera', lead: 'La dirección de correo {detail} se vinculó a tu cuenta.' },
      withdrawal_requested: { subject: 'Solicitud de retiro en tu cuenta de Tessera', lead: 'Se solicitó un retiro de {detail} desde tu cuenta.' },
      allow_list_on: { subject: 'Tu lista de direcciones permitidas de Tessera está activada', lead: 'Se activó tu lista de direcciones de retiro permitidas: los retiros solo van a tus direcciones guardadas.' },
      allow_list_off: { subject: 'Tu lista de direcciones permitidas de Tessera se desactivará', lead: 'Se solicitó desactivar tu lista de direcciones de retiro permitidas. Sigue activa hasta {detail} (UTC).' },
      anti_phishing_changed: { subject: 'Se cambió tu código antiphishing de Tessera', lead: 'Se cambió tu código antiphishing: cada correo nuestro muestra ahora el código de arriba.' },
    },
    antiPhishing: 'Código antiphishing: {code}',
    details: 'Hora: {time} UTC · Dirección: {ip} · Dispositivo: {device}',
    lockLink: 'Si no fuiste tú, bloquea tu cuenta ahora mismo: {link}',
    lockCode: 'Código de bloqueo: {code} (también puedes introducirlo en {path}).',
  },
  ara: {
    events: {
      new_device: { subject: 'تسجيل دخول جديد إلى حسابك في Tessera', lead: 'تم تسجيل الدخول إلى حسابك من جهاز أو عنوان لم يُستخدم من قبل.' },
      password_changed: { subject: 'تم تغيير كلمة مرور الدخول في Tessera', lead: 'تم تغيير كلمة مرور الدخول لحسابك وإنهاء جلساته الأخرى.' },
      pay_password_changed: { subject: 'تم تغيير كلمة مرور الأموال في Tessera', lead: 'تم تعيين كلمة مرور الأموال لحسابك أو تغييرها.' },
      second_factor_bound: { subject: 'تم ربط تطبيق مصادقة بحسابك في Tessera', lead: 'تم ربط تطبيق مصادقة بحسابك: سيُطلب رمزه عند تسجيل الدخول والسحب وتغيير إعدادات الأمان.' },
      second_factor_unbound: { subject: 'تمت إزالة تطبيق المصادقة من حسابك في Tessera', lead: 'تمت إزالة تطبيق المصادقة من حسابك: لن يُطلب رمزه بعد الآن عند تسجيل الدخول والسحب.' },
      second_factor_reset: { subject: 'تمت إعادة تعيين تطبيق المصادقة لحسابك في Tessera', lead: 'أعاد فريق الدعم تعيين تطبيق المصادقة لحسابك بموافقة مشغل ثانٍ: يمكنك ربط تطبيق جديد.' },
      email_bound: { subject: 'تم ربط بريد إلكتروني بحسابك في Tessera', lead: 'تم ربط عنوان البريد الإلكتروني {detail} بحسابك.' },
      withdrawal_requested: { subject: 'طلب سحب من حسابك في Tessera', lead: 'تم طلب سحب {detail} من حسابك.' },
      allow_list_on: { subject: 'تم تفعيل قائمة عناوين السحب المسموح بها في Tessera', lead: 'تم تفعيل قائمة عناوين السحب المسموح بها: لا يتم السحب إلا إلى عناوينك المحفوظة.' },
      allow_list_off: { subject: 'سيتم إيقاف قائمة عناوين السحب المسموح بها في Tessera', lead: 'تم طلب إيقاف قائمة عناوين السحب المسموح بها. تبقى مفعّلة حتى {detail} (UTC).' },
      anti_phishing_changed: { subject: 'تم تغيير رمز مكافحة التصيد في Tessera', lead: 'تم تغيير رمز مكافحة التصيد: كل رسالة بريد منا تعرض الآن الرمز أعلاه.' },
    },
    antiPhishing: 'رمز مكافحة التصيد: {code}',
    details: 'الوقت: {time} UTC · العنوان: {ip} · الجهاز: {device}',
    lockLink: 'إذا لم تكن أنت، فاقفل حسابك فورًا: {link}',
    lockCode: 'رمز القفل: {code} (يمكنك أيضًا إدخاله في {path}).',
  },
};

/** The anti-phishing line that opens every e-mail to a user who set a code ('' when none is set). */
export function antiPhishingLine(lang: Lang, code: string): string {
  return code ? `${SECURITY_TEXTS[lang].antiPhishing.replace('{code}', code)}\n\n` : '';
}

export interface SecurityMessageInput {
  event: SecurityEvent;
  antiPhishingCode: string;
  /** what the lead names: an amount and address, an e-mail, a time */
  detail?: string;
  time: string;
  ip: string;
  device: string;
  lockCode: string;
  /** the lock page's address with the code, when the site's address is known */
  lockLink?: string;
  /** the lock page's path, where the code can be typed */
  lockPath: string;
}

/** A security message: subject and body, in one language. */
export function renderSecurityMessage(lang: Lang, input: SecurityMessageInput): { subject: string; body: string } {
  const texts = SECURITY_TEXTS[lang];
  const event = texts.events[input.event];
  const lines = [
    event.lead.replace('{detail}', input.detail ?? ''),
    texts.details.replace('{time}', input.time).replace('{ip}', input.ip || '-').replace('{device}', input.device || '-'),
    input.lockLink ? texts.lockLink.replace('{link}', input.lockLink) : '',
    texts.lockCode.replace('{code}', input.lockCode).replace('{path}', input.lockPath),
  ].filter((line) => line !== '');
  return { subject: event.subject, body: antiPhishingLine(lang, input.antiPhishingCode) + lines.join('\n\n') };
}
