import { useState } from 'react';
import { Button } from '@web/components/Button';
import { api, useAction } from '../../api';
import { useOperator } from '../../app/auth';
import { ALL_ROLES, type Section } from '../../app/section';
import { DataTable } from '../../components/DataTable';
import { ErrorLine } from '../../components/ErrorLine';
import { SearchBox, SelectFilter } from '../../components/Filter';
import { PageHeader, Panel } from '../../components/PageHeader';

interface Project {
  id: number;
  title: string;
  abstract: string;
  content: string;
  currency_id: number;
  currency_name: string;
  total: string;
  sold: string;
  price: string;
  stage: 1 | 2 | 3 | 4;
  start_at: string;
  end_at: string;
  frozen_hours: number;
}

interface Draft {
  id?: number;
  title: string;
  abstract: string;
  content: string;
  currency_id: string;
  total: string;
  price: string;
  stage: string;
  start_at: string;
  end_at: string;
  frozen_hours: string;
}

/** A row of the table (the table reads any field by name). */
interface ProjectRow extends Project, Record<string, unknown> {}

const STAGES: Record<string, string> = { '1': 'preheat', '2': 'subscribing', '3': 'ended', '4': 'result announced' };

/** An ISO instant as the value of a `datetime-local` input (the operator's local time), and back. */
const toLocalInput = (iso: string) => {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => new Date(value).toISOString();

const EMPTY: Draft = { title: '', abstract: '', content: '', currency_id: '', total: '', price: '', stage: '1', start_at: '', end_at: '', frozen_hours: '0' };

function draftOf(project: Project): Draft {
  return {
    id: project.id,
    title: project.title,
    abstract: project.abstract,
    content: project.content,
    currency_id: String(project.currency_id),
    total: project.total,
    price: project.price,
    stage: String(project.stage),
    start_at: toLocalInput(project.start_at),
    end_at: toLocalInput(project.end_at),
    frozen_hours: String(project.frozen_hours),
  };
}

/** Publishes a project or edits one: its stage, times and terms. Subscriptions made keep their price. */
function ProjectForm({ initial, onSaved, onCancel }: { initial: Draft; onSaved: () => void; onCancel: () => void }) {
  const [draft, setDraft] = useState(initial);
  const action = useAction();
  const set = (key: keyof Draft) => (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value });
  const complete = draft.title.trim() !== '' && draft.currency_id !== '' && draft.total !== '' && draft.price !== '' && draft.start_at !== '' && draft.end_at !== '';
  const save = () => {
    const body = {
      title: draft.title.trim(),
      abstract: draft.abstract,
      content: draft.content,
      currency_id: Number(draft.currency_id),
      total: draft.total.trim(),
      price: draft.price.trim(),
      stage: Number(draft.stage),
      start_at: fromLocalInput(draft.start_at),
      end_at: fromLocalInput(draft.end_at),
      frozen_hours: Number(draft.frozen_hours),
    };
    void action.run(() => (draft.id ? api('PUT', `/upstart/projects/${draft.id}`, body) : api('POST', '/upstart/projects', body))).then((done) => done && onSaved());
  };
  const input = (key: keyof Draft, label: string, type = 'text') => (
    <label className="flex flex-col gap-1">
      {label}
      <input className="bo-input" type={type} aria-label={label} value={draft[key] ?? ''} onChange={set(key)} />
    </label>
  );
  return (
    <Panel title={draft.id ? `Project ${draft.id}` : 'Publish a project'}>
      <form
        className="grid grid-cols-1 gap-2 text-[0.8125rem] md:grid-cols-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (complete) save();
        }}
      >
        {input('title', 'Title')}
        {input('currency_id', 'Token currency id')}
        <label className="flex flex-col gap-1">
          Stage
          <select className="bo-input" aria-label="Stage" value={draft.stage} onChange={set('stage')}>
            {Object.entries(STAGES).map(([value, label]) => (
              <option key={value} value={value}>
                {value} {label}
              </option>
            ))}
          </select>
        </label>
        {input('total', 'Tokens on sale')}
        {input('price', 'Price (USDT per token)')}
        {input('frozen_hours', 'Tokens locked for (hours)')}
        {input('start_at', 'Subscription opens', 'datetime-local')}
        {input('end_at', 'Subscription closes', 'datetime-local')}
        <label className="flex flex-col gap-1 md:col-span-3">
          Abstract
          <textarea className="bo-input h-16" aria-label="Abstract" value={draft.abstract} onChange={set('abstract')} />
        </label>
        <label className="flex flex-col gap-1 md:col-span-3">
          Content (HTML)
          <textarea className="bo-input h-40 font-mono" aria-label="Content" value={draft.content} onChange={set('content')} />
        </label>
        <div className="flex items-center gap-2 md:col-span-3">
          <Button size="sm" type="submit" busy={action.busy} disabled={!complete}>
            {draft.id ? 'Save' : 'Publish'}
          </Button>
          <Button size="sm" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <ErrorLine error={action.error} />
        </div>
      </form>
    </Panel>
  );
}

function UpstartScreen() {
  const editable = useOperator().role === 'admin';
  const [editing, setEditing] = useState<Draft>();
  const [query, setQuery] = useState('');
  const [stage, setStage] = useState('');
  const [version, setVersion] = useState(0);
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="UpStart projects">
        <SearchBox label="Search projects" placeholder="title or token  ( / )" value={query} onChange={setQuery} />
        <SelectFilter label="Project stage" value={stage} options={[{ value: '', label: 'every stage' }, ...Object.entries(STAGES).map(([value, label]) => ({ value, label: `${value} ${label}` }))]} onChange={setStage} />
        {editable && (
          <Button size="sm" onClick={() => setEditing({ ...EMPTY })}>
            Publish a project
          </Button>
        )}
      </PageHeader>
      <DataTable<ProjectRow>
        label="Projects"
        path="/upstart/projects"
        filters={{ q: query, stage }}
        csvName="upstart-projects"
        version={version}
        rowKey={(row) => row.id}
        onOpen={editable ? (row) => setEditing(draftOf(row)) : undefined}
        columns={[
          { key: 'id', label: 'id' },
          { key: 'title', label: 'title' },
          { key: 'currency_name', label: 'token' },
          { key: 'sold', label: 'sold / on sale', render: (row) => `${row.sold} / ${row.total}` },
          { key: 'price', label: 'price', render: (row) => `${row.price} USDT` },
          { key: 'stage', label: 'stage', render: (row) => `${row.stage} ${STAGES[String(row.stage)] ?? ''}` },
          { key: 'start_at', label: 'opens', render: (row) => new Date(row.start_at).toLocaleString() },
          { key: 'end_at', label: 'closes', render: (row) => new Date(row.end_at).toLocaleString() },
          { key: 'frozen_hours', label: 'locked (h)' },
        ]}
      />
      {editing && (
        <ProjectForm
          key={editing.id ?? 'new'}
          initial={editing}
          onCancel={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            setVersion((value) => value + 1);
          }}
        />
      )}
    </div>
  );
}

export const upstartSection: Section = { path: 'upstart', label: 'UpStart', roles: ALL_ROLES, Screen: UpstartScreen, group: 'manage' };
