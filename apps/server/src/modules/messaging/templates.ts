import type { Lang } from '@tessera/protocol';
import { antiPhishingLine } from './security-templates';

interface CodeTemplate {
  subject: string;
  /** `{code}` and `{minutes}` are filled in. */
  body: string;
}

/** The verification-code message in each language: e-mail subject and body, SMS body. */
export const CODE_TEMPLATES: Record<Lang, CodeTemplate> = {
  en: {
    subject: 'Your Tessera verification code',
    body: 'Your Tessera verification code is {code}. It expires in {minutes} minutes. If you did not ask for it, ignore this message and never share the code.',
  },
  zh: {
    subject: '您的 Tessera 验证码',
    body: '您的 Tessera 验证码是 {code}，{minutes} 分钟内有效。如非本人操作，请忽略本消息，切勿将验证码告诉他人。',
  },
  hk: {
    subject: '您的 Tessera 驗證碼',
    body: '您的 Tessera 驗證碼是 {code}，{minutes} 分鐘內有效。如非本人操作，請忽略本訊息，切勿將驗證碼告訴他人。',
  },
  kr: {
    subject: 'Tessera 인증 코드',
    body: 'Tessera 인증 코드는 {code}입니다. {minutes}분 후에 만료됩니다. 요청하지 않으셨다면 이 메시지를 무시하시고 코드를 누구에게도 알려주지 마세요.',
  },
  jp: {
    subject: 'Tessera 認証コード',
    body: 'Tessera の認証コードは {code} です。有効期限は {minutes} 分です。お心当たりのない場合はこのメッセージを無視し、コードを誰にも教えないでください。',
  },
  spa: {
    subject: 'Tu código de verificación de Tessera',
    body: 'Tu código de verificación de Tessera es {code}. Caduca en {minutes} minutos. Si no lo has solicitado, ignora este mensaje y no compartas nunca el código.',
  },
  ara: {
    subject: 'رمز التحقق الخاص بك في Tessera',
    body: 'رمز التحقق الخاص بك في Tessera هو {code}. تنتهي صلاحيته خلال {minutes} دقائق. إذا لم تطلبه فتجاهل هذه الرسالة ولا تشارك الرمز مع أحد.',
  },
};

/** The code message; one to an existing user who set an anti-phishing code opens with it. */
export function renderCode(lang: Lang, code: string, minutes: number, antiPhishingCode = ''): CodeTemplate {
  const template = CODE_TEMPLATES[lang];
  return { subject: template.subject, body: antiPhishingLine(lang, antiPhishingCode) + template.body.replace('{code}', code).replace('{minutes}', String(minutes)) };
}
