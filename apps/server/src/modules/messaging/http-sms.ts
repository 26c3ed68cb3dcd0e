import type { OutgoingMessage, SmsProvider } from './messenger';

/** How long the gateway may take to accept a message before the send counts as failed. */
export const SMS_TIMEOUT_MS = 10_000;

/**
 * Text messages through an HTTP gateway (SMS_URL): one POST per message with the JSON body
 * `{to, text}`. Any 2xx answer means accepted; anything else, a network error or no answer within
 * the timeout is a failure, which the caller turns into a refusal. Credentials written in the URL
 * (`https://user:password@host/path`) are sent as HTTP Basic authorization.
 */
export class HttpSms implements SmsProvider {
  private readonly url: string;
  private readonly authorization: string | undefined;

  constructor(
    gatewayUrl: string,
    private readonly timeoutMs = SMS_TIMEOUT_MS,
  ) {
    const url = new URL(gatewayUrl);
    this.authorization = url.username
      ? `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`
      : undefined;
    url.username = '';
    url.password = '';
    this.url = url.toString();
  }

  async send(message: OutgoingMessage): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.authorization) headers.authorization = this.authorization;
    const response = await fetch(this.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ to: message.recipient, text: message.body }),
      redirect: 'error',
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    // the answer's body means nothing to us: release the connection
    await response.body?.cancel();
    if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
  }
}

/** Where no gateway is configured in production: every send fails, so nothing is kept anywhere. */
export class NoSms implements SmsProvider {
  send(): Promise<void> {
    return Promise.reject(new Error('no SMS gateway configured'));
  }
}
