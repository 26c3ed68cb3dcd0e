import { useState } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { Button } from '@web/components/Button';
import { useApi } from '../../api';
import type { Section } from '../../app/section';
import { DataTable } from '../../components/DataTable';
import { SearchBox, SelectFilter } from '../../components/Filter';
import { PageHeader } from '../../components/PageHeader';
import { ArticleEditor } from './ArticleEditor';

export interface Category {
  id: number;
  name_en: string;
  name_zh: string;
}

interface ArticleRow extends Record<string, unknown> {
  article_key: string;
  category: string;
  title: string;
  langs: string[];
  is_published: boolean;
  updated_at: string;
}

function ArticleList() {
  const navigate = useNavigate();
  const [category, setCategory] = useState('');
  const [query, setQuery] = useState('');
  const categories = useApi<{ list: Category[] }>('/content/categories');
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Content">
        <SelectFilter
          label="Category"
          value={category}
          options={[{ value: '', label: 'all categories' }, ...(categories.data?.list ?? []).map((row) => ({ value: String(row.id), label: row.name_en }))]}
          onChange={setCategory}
        />
        <SearchBox label="Search titles" value={query} onChange={setQuery} />
        <Button size="sm" onClick={() => void navigate('/content/new')}>
          New article
        </Button>
      </PageHeader>
      <DataTable<ArticleRow>
        label="Articles"
        path="/content/articles"
        filters={{ c_id: category, q: query }}
        csvName="articles"
        rowKey={(row) => row.article_key}
        onOpen={(row) => void navigate(`/content/${encodeURIComponent(row.article_key)}`)}
        columns={[
          { key: 'title', label: 'title' },
          { key: 'category', label: 'category' },
          { key: 'langs', label: 'languages', render: (row) => row.langs.join(' ') },
          { key: 'is_published', label: 'state', render: (row) => (row.is_published ? 'published' : 'draft') },
          { key: 'updated_at', label: 'updated', render: (row) => new Date(row.updated_at).toLocaleString() },
        ]}
      />
    </div>
  );
}

function ContentScreen() {
  return (
    <Routes>
      <Route index element={<ArticleList />} />
      <Route path=":key" element={<ArticleEditor />} />
    </Routes>
  );
}

export const contentSection: Section = { path: 'content', label: 'Content', roles: ['admin', 'support'], Screen: ContentScreen, group: 'manage' };
