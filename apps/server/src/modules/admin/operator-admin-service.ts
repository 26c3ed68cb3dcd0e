import { refuse } from '../../core/refusal';
import { hashPassword } from '../../lib/password';
import type { Clock } from '../../lib/time';
import type { OperatorAdminRepository, OperatorListRow } from './operator-admin-repository';
import type { OperatorRepository } from './repository';
import type { OperatorRole } from './roles';

function view(row: OperatorListRow) {
  return { id: row.id, email: row.email, role: row.role, totp: row.totp_enabled_at !== null, disabled: row.disabled_at !== null, created_at: row.created_at };
}

/** Operators and their roles (admin only). There is always one active admin left. */
export class OperatorAdminService {
  constructor(
    private readonly repository: OperatorAdminRepository,
    private readonly operators: OperatorRepository,
    private readonly clock: Clock,
  ) {}

  async me(operatorId: number) {
    const row = await this.repository.find(operatorId);
    if (!row) refuse('operator not found');
    const expires = await this.repository.sessionExpiry(operatorId, this.clock());
    return { ...view(row), session_expires_at: expires?.toISOString() ?? null };
  }

  async list() {
    return (await this.repository.list()).map(view);
  }

  async create(operatorId: number, input: { email: string; password: string; role: OperatorRole }) {
    const id = await this.repository.create(input.email.trim(), await hashPassword(input.password), input.role);
    if (id === undefined) refuse('operator already exists');
    await this.operators.log(operatorId, { action: 'operator.create', target: `operator:${id}`, after: { email: input.email.trim().toLowerCase(), role: input.role } });
    return { id };
  }

  /** For an operator who lost their authenticator and recovery codes: their sessions end, and they enrol again at the next login. */
  async resetTotp(operatorId: number, targetId: number) {
    const row = await this.repository.find(targetId);
    if (!row) refuse('operator not found');
    const now = this.clock();
    await this.repository.resetTotp(targetId);
    await this.repository.revokeSessionsOf(targetId, now);
    await this.operators.log(operatorId, { action: 'operator.reset_totp', target: `operator:${targetId}`, before: { totp: row.totp_enabled_at !== null }, after: { totp: false } });
  }

  /** A new role or a disabled account; a disabled operator's sessions end at once. */
  async update(operatorId: number, targetId: number, change: { role?: OperatorRole; disabled?: boolean }) {
    const row = await this.repository.find(targetId);
    if (!row) refuse('operator not found');
    const next = { role: change.role ?? row.role, disabled: change.disabled ?? row.disabled_at !== null };
    const losesAdmin = row.role === 'admin' && row.disabled_at === null && (next.role !== 'admin' || next.disabled);
    if (losesAdmin && (await this.repository.activeAdmins()) <= 1) refuse('the last admin cannot be removed');
    const now = this.clock();
    await this.repository.update(targetId, next, now);
    if (next.disabled || next.role !== row.role) await this.repository.revokeSessionsOf(targetId, now);
    await this.operators.log(operatorId, {
      action: 'operator.update',
      target: `operator:${targetId}`,
      before: { role: row.role, disabled: row.disabled_at !== null },
      after: next,
    });
  }
}
