import { beforeAll, expect, it } from 'vitest';
import { operatorCall, operatorToken } from '../support/accounts';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

const BYPASSES = '<p>Hi</p><a href="&#106;avascript:alert(1)">x</a><a href="https://evil.example" style="position:fixed;inset:0">Log in again</a><img src=x/onerror=alert(1)>';
const CLEAN = '<p>Hi</p><a>x</a><a href="https://evil.example">Log in again</a><img src="x/onerror=alert(1)" />';

describeEachDatabase('article and UpStart HTML is saved through the allowlist', (kind) => {
  let admin: ReturnType<typeof operatorCall>;

  const { app } = useTestApp(kind);
  beforeAll(async () => {
    admin = operatorCall(app, await operatorToken(app));
  });

  it('an article keeps only the allowed part of its HTML', async () => {
    const created = await admin('POST', '/content/articles', { c_id: 4, translations: { en: { title: 'Sanitised', abstract: 'a', content: BYPASSES } } });
    expect(created.status).toBe(200);
    const [row] = await app.db.query<{ content: string }>(`select content from news where article_key = $1 and lang = 'en'`, [created.body.article_key]);
    expect(row!.content).toBe(CLEAN);
  });

  it('an UpStart project’s content is checked too', async () => {
    const now = Date.now();
    const created = await admin('POST', '/upstart/projects', {
      title: 'Sanitised round',
      abstract: 'a',
      content: `${BYPASSES}<script>alert(1)</script>`,
      currency_id: 12,
      total: '1000',
      price: '0.5',
      stage: 1,
      start_at: new Date(now - 3_600_000).toISOString(),
      end_at: new Date(now + 3_600_000).toISOString(),
      frozen_hours: 1,
    });
    expect(created.status).toBe(200);
    const [row] = await app.db.query<{ content: string }>('select content from upstart_projects where id = $1', [created.body.id]);
    expect(row!.content).toBe(CLEAN);
  });
});
