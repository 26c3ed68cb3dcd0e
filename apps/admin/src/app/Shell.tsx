import { useEffect, useState } from 'react';
import { NavLink, Navigate, Route, Routes, useNavigate } from 'react-router';
import { clsx } from 'clsx';
import { Button } from '@web/components/Button';
import { api, session, useApi, type Me } from '../api';
import { HealthBanner } from '../components/HealthBanner';
import { OperatorContext } from './auth';
import { SECTIONS } from './sections';

const GROUPS = [
  { key: 'queues', label: 'Queues' },
  { key: 'manage', label: 'Manage' },
  { key: 'admin', label: 'Administration' },
] as const;

/** The signed-in back office: the menu of the sections this operator's role may use, and the screen. */
export function Shell({ onLoggedOut }: { onLoggedOut: () => void }) {
  const { data: me, error } = useApi<Me>('/me');
  const navigate = useNavigate();
  const [theme, setTheme] = useState(document.documentElement.dataset.theme ?? 'night');
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  useEffect(() => {
    if (error) onLoggedOut();
  }, [error, onLoggedOut]);
  if (!me) return <p className="p-6 text-muted">Loading…</p>;
  const sections = SECTIONS.filter((section) => section.roles.includes(me.role));
  const logout = async () => {
    await api('POST', '/logout').catch(() => undefined);
    session.clear();
    onLoggedOut();
    void navigate('/');
  };
  return (
    <OperatorContext.Provider value={me}>
      <div className="flex min-h-screen bg-canvas text-fg">
        <nav aria-label="Back office" className="flex w-56 shrink-0 flex-col gap-4 border-e border-line bg-surface p-3">
          <div className="px-2 pt-1 text-sm font-semibold">Tessera · back office</div>
          {GROUPS.map((group) => {
            const items = sections.filter((section) => section.group === group.key);
            if (items.length === 0) return null;
            return (
              <div key={group.key} className="flex flex-col gap-0.5">
                <div className="px-2 text-[0.6875rem] tracking-wide text-faint uppercase">{group.label}</div>
                {items.map((section) => (
                  <NavLink
                    key={section.path}
                    to={`/${section.path}`}
                    className={({ isActive }) => clsx('rounded px-2 py-1.5 text-[0.8125rem]', isActive ? 'bg-brand-soft text-brand' : 'text-muted hover:bg-raised hover:text-fg')}
                  >
                    {section.label}
                  </NavLink>
                ))}
              </div>
            );
          })}
          <div className="mt-auto flex flex-col gap-2 border-t border-line pt-3 text-[0.75rem] text-muted">
            <span data-testid="operator-email">{me.email}</span>
            <span>
              role: <strong data-testid="operator-role">{me.role}</strong>
            </span>
            {me.session_expires_at && <span>session ends {new Date(me.session_expires_at).toLocaleString()}</span>}
            <div className="flex gap-2">
              <Button size="sm" variant="secondary" onClick={() => setTheme(theme === 'night' ? 'day' : 'night')}>
                {theme === 'night' ? 'Day' : 'Night'}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => void logout()}>
                Log out
              </Button>
            </div>
          </div>
        </nav>
        <main className="min-w-0 flex-1 p-6">
          <HealthBanner />
          <Routes>
            {sections.map((section) => (
              <Route key={section.path} path={`/${section.path}/*`} element={<section.Screen />} />
            ))}
            <Route path="*" element={<Navigate to={`/${sections[0]?.path ?? ''}`} replace />} />
          </Routes>
        </main>
      </div>
    </OperatorContext.Provider>
  );
}
