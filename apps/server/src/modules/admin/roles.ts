/**
 * Operator roles. Each operator has one; each operator route declares the roles that may call it
 * (`config: { roles }`), checked in one hook before anything else of the request. A route without a
 * declaration is refused to everybody (and fails the route-roles test).
 *
 * - admin: everything, and the only role that manages operators, markets and settings
 * - reviewer: identity checks and the review steps of deposits and withdrawals that move no money
 * - support: users (read, lock, flags) and the site's content
 * - finance: money: deposits credited, withdrawals paid out, manual credits and debits, the audit
 */
export const OPERATOR_ROLES = ['admin', 'reviewer', 'support', 'finance'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Who may do what: the groups operator routes declare. Admin is in every group. */
export const MAY = {
  /** see the dashboard, the queues and users (read only) */
  read: ['admin', 'reviewer', 'support', 'finance'],
  /** decide identity submissions */
  reviewIdentity: ['admin', 'reviewer'],
  /** review steps that move no money: approve or reject an applying withdrawal, reject a deposit claim */
  reviewMoney: ['admin', 'reviewer', 'finance'],
  /** steps that move money: credit a deposit, settle a withdrawal on chain, manual adjustments */
  moveMoney: ['admin', 'finance'],
  /** lock and unlock users, region agents, sellers */
  manageUsers: ['admin', 'support'],
  /** news, notices, banners, help, agreements */
  editContent: ['admin', 'support'],
  /** operators, roles, markets and settings, the operator log */
  administer: ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** operator routes: the roles allowed (see modules/admin/roles.ts) */
    roles?: readonly OperatorRole[];
    /** operator routes any live session may call, even one limited to enrolment */
    anyOperatorSession?: boolean;
    /** the operator login */
    operatorPublic?: boolean;
  }
}

export function isOperatorRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}
