import { containsPattern } from '../../lib/sql-like';
import type { Queryable } from '../../db/database';

export interface ProjectRow {
  id: number;
  currency_id: number;
  currency_name: string;
  decimals: number;
  pay_currency_id: number;
  pay_currency_name: string;
  title: string;
  abstract: string;
  content: string;
  total: string;
  price: string;
  stage: number;
  start_at: Date;
  end_at: Date;
  frozen_hours: number;
  sold: string;
}

export interface ProjectInput {
  currencyId: number;
  payCurrencyId: number;
  title: string;
  abstract: string;
  content: string;
  total: string;
  price: string;
  stage: number;
  startAt: Date;
  endAt: Date;
  frozenHours: number;
}

export interface SubscriptionRecordRow {
  id: string;
  project_id: number;
  currency_name: string;
  pay_currency_name: string;
  paid: string;
  price: string;
  amount: string;
  status: number;
  unlock_at: Date;
  created_at: Date;
  total: number;
}

const PROJECT_COLUMNS = `p.id, p.currency_id, c.name as currency_name, c.decimals, p.pay_currency_id, pc.name as pay_currency_name,
  p.title, p.abstract, p.content, p.total::text, p.price::text, p.stage, p.start_at, p.end_at, p.frozen_hours,
  coalesce((select sum(s.amount) from upstart_subscriptions s where s.project_id = p.id), 0)::text as sold`;
const PROJECT_FROM = 'upstart_projects p join currencies c on c.id = p.currency_id join currencies pc on pc.id = p.pay_currency_id';

/** What the back office filters projects by. */
export interface ProjectFilter {
  stage?: number;
  /** part of the title or of the token's name */
  q?: string;
}

/** Subscription projects (written by operators) and the subscription records the core wrote. */
export class UpstartRepository {
  constructor(private readonly db: Queryable) {}

  async project(id: number): Promise<ProjectRow | undefined> {
    const [row] = await this.db.query<ProjectRow>(`select ${PROJECT_COLUMNS} from ${PROJECT_FROM} where p.id = $1`, [id]);
    return row;
  }

  /** The project on offer: the newest subscribing one, else the newest in preheat, else the newest. */
  async current(): Promise<ProjectRow | undefined> {
    const [row] = await this.db.query<ProjectRow>(
      `select ${PROJECT_COLUMNS} from ${PROJECT_FROM}
        order by case p.stage when 2 then 0 when 1 then 1 else 2 end, p.id desc limit 1`,
    );
    return row;
  }

  /** Projects for the back office, newest first, with the total of the filter: a stage, part of the title or token name. */
  listForOperator(filter: ProjectFilter, limit: number, offset: number): Promise<(ProjectRow & { total_rows: number })[]> {
    const q = filter.q?.trim() || null;
    return this.db.query(
      `select ${PROJECT_COLUMNS}, count(*) over ()::int as total_rows from ${PROJECT_FROM}
        where ($1::int is null or p.stage = $1) and ($2::text is null or p.title ilike $2 or c.name ilike $2)
        order by p.id desc limit $3 offset $4`,
      [filter.stage ?? null, q === null ? null : containsPattern(q), limit, offset],
    );
  }

  async create(input: ProjectInput): Promise<number> {
    const [row] = await this.db.query<{ id: number }>(
      `insert into upstart_projects (currency_id, pay_currency_id, title, abstract, content, total, price, stage, start_at, end_at, frozen_hours)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
      [input.currencyId, input.payCurrencyId, input.title, input.abstract, input.content, input.total, input.price, input.stage, input.startAt, input.endAt, input.frozenHours],
    );
    if (!row) throw new Error('project insert returned no row');
    return row.id;
  }

  async update(id: number, input: ProjectInput): Promise<boolean> {
    const rows = await this.db.query<{ id: number }>(
      `update upstart_projects set currency_id = $2, pay_currency_id = $3, title = $4, abstract = $5, content = $6, total = $7, price = $8,
         stage = $9, start_at = $10, end_at = $11, frozen_hours = $12, updated_at = now()
       where id = $1 returning id`,
      [id, input.currencyId, input.payCurrencyId, input.title, input.abstract, input.content, input.total, input.price, input.stage, input.startAt, input.endAt, input.frozenHours],
    );
    return rows.length > 0;
  }

  async currencyExists(id: number): Promise<boolean> {
    const rows = await this.db.query<{ id: number }>('select id from currencies where id = $1', [id]);
    return rows.length > 0;
  }

  async subscriptionOwner(id: number): Promise<number | undefined> {
    const [row] = await this.db.query<{ user_id: number }>('select user_id from upstart_subscriptions where id = $1', [id]);
    return row?.user_id;
  }

  listOfUser(userId: number, limit: number, offset: number): Promise<SubscriptionRecordRow[]> {
    return this.db.query<SubscriptionRecordRow>(
      `select s.id::text, s.project_id, c.name as currency_name, pc.name as pay_currency_name, s.paid::text, s.price::text, s.amount::text,
              s.status, s.unlock_at, s.created_at, count(*) over ()::int as total
         from upstart_subscriptions s join currencies c on c.id = s.currency_id join currencies pc on pc.id = s.pay_currency_id
        where s.user_id = $1 order by s.id desc limit $2 offset $3`,
      [userId, limit, offset],
    );
  }
}
