import type { ComponentType } from 'react';
import type { Role } from '../api';

/**
 * One screen of the back office: a folder under `sections/` exports one of these, and one line
 * in `app/sections.ts` adds it to the menu and the routes. The roles are those the server lets
 * call the screen's routes; the menu hides a section the operator's role cannot use.
 */
export interface Section {
  /** the path under /admin/, without a leading slash */
  path: string;
  label: string;
  roles: readonly Role[];
  /** the screen; `path/*` routes below it are the screen's own */
  Screen: ComponentType;
  /** a menu group: work queues first, then the rest */
  group: 'queues' | 'manage' | 'admin';
}

export const ALL_ROLES: readonly Role[] = ['admin', 'reviewer', 'support', 'finance'];
