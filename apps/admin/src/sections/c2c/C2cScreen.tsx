import { useState } from 'react';
import { Link } from 'react-router';
import { ALL_ROLES, type Section } from '../../app/section';
import { DataTable } from '../../components/DataTable';
import { SearchBox, SelectFilter } from '../../components/Filter';
import { PageHeader } from '../../components/PageHeader';
import type { C2cOrder } from '../disputes/DisputesScreen';

interface C2cAd extends Record<string, unknown> {
  id: number;
  type: 'buy' | 'sell';
  user_id: number;
  user_account: string;
  currency_name: string;
  price: string;
  total_number: string;
  surplus_number: string;
  min_number: string;
  max_number: string;
  way: string;
  status: string;
  create_time: string;
}

const ORDER_STATES = [
  { value: '', label: 'every state' },
  { value: '0', label: 'unpaid' },
  { value: '3', label: 'paid' },
  { value: 'appealed', label: 'under appeal' },
  { value: '1', label: 'done' },
  { value: '2', label: 'cancelled' },
];
const STATE_NAMES: Record<number, string> = { 0: 'unpaid', 1: 'done', 2: 'cancelled', 3: 'paid' };

const userLink = (id: number, account: string) => (
  <Link className="text-brand" to={`/users/${id}`} onClick={(event) => event.stopPropagation()}>
    {account}
  </Link>
);

function AdsTable() {
  const [status, setStatus] = useState('open');
  const [type, setType] = useState('');
  const [account, setAccount] = useState('');
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="me-auto text-sm font-semibold">Ads</h2>
        <SearchBox label="Publisher account" value={account} onChange={setAccount} />
        <SelectFilter label="Ad type" value={type} options={[{ value: '', label: 'buy and sell' }, { value: 'buy', label: 'buy' }, { value: 'sell', label: 'sell' }]} onChange={setType} />
        <SelectFilter label="Ad status" value={status} options={['', 'open', 'withdrawn', 'done'].map((value) => ({ value, label: value || 'every status' }))} onChange={setStatus} />
      </div>
      <DataTable<C2cAd>
        label="C2C ads"
        path="/c2c/ads"
        filters={{ status, type, account }}
        csvName="c2c-ads"
        rowKey={(row) => row.id}
        columns={[
          { key: 'id', label: 'ad' },
          { key: 'create_time', label: 'time' },
          { key: 'type', label: 'type' },
          { key: 'user_account', label: 'publisher', render: (row) => userLink(row.user_id, row.user_account) },
          { key: 'price', label: 'price (CNY)' },
          { key: 'surplus_number', label: 'left', render: (row) => `${row.surplus_number} / ${row.total_number} ${row.currency_name}` },
          { key: 'min_number', label: 'per order', render: (row) => `${row.min_number} – ${row.max_number}` },
          { key: 'way', label: 'methods' },
          { key: 'status', label: 'status' },
        ]}
      />
    </div>
  );
}

function OrdersTable() {
  const [state, setState] = useState('');
  const [userId, setUserId] = useState('');
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="me-auto text-sm font-semibold">Orders</h2>
        <SearchBox label="Party user id" value={userId} onChange={(value) => setUserId(value.replace(/\D/g, ''))} placeholder="A party’s user id" />
        <SelectFilter label="Order state" value={state} options={ORDER_STATES} onChange={setState} />
      </div>
      <DataTable<C2cOrder>
        label="C2C orders"
        path="/c2c/orders"
        filters={{ state, user_id: userId || undefined }}
        csvName="c2c-orders"
        rowKey={(row) => row.id}
        columns={[
          { key: 'id', label: 'order' },
          { key: 'created_at', label: 'time' },
          { key: 'ad_id', label: 'ad' },
          { key: 'buyer_account', label: 'buyer', render: (row) => userLink(row.buyer_id, row.buyer_account) },
          { key: 'seller_account', label: 'seller', render: (row) => userLink(row.seller_id, row.seller_account) },
          { key: 'number', label: 'coins', render: (row) => `${row.number} ${row.currency_name}` },
          { key: 'deal_money', label: 'CNY' },
          { key: 'is_sure', label: 'state', render: (row) => `${STATE_NAMES[row.is_sure] ?? row.is_sure}${row.appealed_at ? ' · appealed' : ''}${row.resolution ? ` · ruled ${row.resolution}` : ''}` },
          { key: 'cancel_reason', label: 'cancelled by' },
        ]}
      />
    </div>
  );
}

/** Every c2c ad and order, read only; rulings on appealed orders are in C2C disputes. */
function C2cScreen() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="C2C ads and orders">
        <Link className="text-[0.8125rem] text-brand" to="/disputes">
          Disputes →
        </Link>
      </PageHeader>
      <AdsTable />
      <OrdersTable />
    </div>
  );
}

export const c2cSection: Section = { path: 'c2c', label: 'C2C', roles: ALL_ROLES, Screen: C2cScreen, group: 'manage' };
