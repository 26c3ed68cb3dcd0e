import { useState } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { ALL_ROLES, type Section } from '../../app/section';
import { DataTable } from '../../components/DataTable';
import { SearchBox } from '../../components/Filter';
import { PageHeader } from '../../components/PageHeader';
import { UserDetail } from './UserDetail';

interface UserRow extends Record<string, unknown> {
  id: number;
  account: string;
  email: string;
  phone: string;
  review_status: number;
  is_seller: boolean;
  locked_until: string | null;
  created_at: string;
}

function UserList() {
  const [query, setQuery] = useState('');
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Users">
        <SearchBox label="Search users" placeholder="e-mail, phone or id  ( / )" value={query} onChange={setQuery} />
      </PageHeader>
      <DataTable<UserRow>
        label="Users"
        path="/users"
        filters={{ q: query }}
        csvName="users"
        rowKey={(row) => row.id}
        onOpen={(row) => void navigate(`/users/${row.id}`)}
        columns={[
          { key: 'id', label: 'id' },
          { key: 'account', label: 'account' },
          { key: 'email', label: 'e-mail' },
          { key: 'phone', label: 'phone' },
          { key: 'review_status', label: 'identity', render: (row) => ['none', 'pending', 'verified'][row.review_status] ?? String(row.review_status) },
          { key: 'is_seller', label: 'seller' },
          { key: 'locked_until', label: 'locked until', render: (row) => (row.locked_until ? new Date(row.locked_until).toLocaleString() : '') },
          { key: 'created_at', label: 'registered', render: (row) => new Date(row.created_at).toLocaleDateString() },
        ]}
      />
    </div>
  );
}

function UsersScreen() {
  return (
    <Routes>
      <Route index element={<UserList />} />
      <Route path=":userId" element={<UserDetail />} />
    </Routes>
  );
}

export const usersSection: Section = { path: 'users', label: 'Users', roles: ALL_ROLES, Screen: UsersScreen, group: 'manage' };
