// /templates: the gallery or the table, with the document's filters sent to the list
// operation (search debounced), and "New template".
import Add from '@mui/icons-material/Add';
import GridView from '@mui/icons-material/GridView';
import ViewList from '@mui/icons-material/ViewList';
import WidgetsOutlined from '@mui/icons-material/WidgetsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type ReactNode } from 'react';
import type { Template } from '../../../../../shared/api/clusters/templates';
import { navigate } from '../../../platform/navigation/hash-router';
import { ListPage } from '../../../components/ListPage';
import { EmptyState } from '../../../components/StateViews';
import { templateColumns } from './template-columns';
import { TemplateFilters } from './TemplateFilters';
import { TemplateGallery } from './TemplateGallery';
import { useTemplates } from './templates-store';
import { useTemplateList } from './use-templates-page';

export type TemplatesView = 'gallery' | 'table';
const VIEW_KEY = 'gpc.templates.view';

function storedView(): TemplatesView {
  try {
    return localStorage.getItem(VIEW_KEY) === 'table' ? 'table' : 'gallery';
  } catch {
    return 'gallery';
  }
}

export function TemplateListView({ onCreate }: { onCreate(): void }) {
  const { templates, totalCount, status, error, refreshing, loadedAt } = useTemplates();
  const { filters, search, setSearch, change, sort, onSortChange } = useTemplateList();
  const [view, setView] = useState<TemplatesView>(storedView);
  const columns = useMemo(() => templateColumns(), []);
  const open = (t: Template) => navigate(`/templates/${t.id}`);
  const switchView = (next: TemplatesView | null) => {
    if (!next) return;
    setView(next);
    try {
      localStorage.setItem(VIEW_KEY, next);
    } catch {
      // storage unavailable: the choice lasts for this page only
    }
  };

  const firstLoad = status === 'loading' && templates.length === 0;
  const empty = (
    <EmptyState
      icon={<WidgetsOutlined />}
      title="No templates match"
      action={
        <Button onClick={() => change({ category: '', framework: '', gpuCompatible: '', official: '', search: '' })}>Clear filters</Button>
      }
    >
      Change the search or the filters, or include deprecated templates.
    </EmptyState>
  );

  return (
    <ListPage
      title="Templates"
      description="Reusable cluster setups: image, resources and their bounds, ports, environment and startup script."
      refreshLabel="Refresh templates"
      onRefresh={() => void useTemplates.getState().load()}
      actions={
        <>
          <ToggleButtonGroup size="small" exclusive value={view} onChange={(_, v: TemplatesView | null) => switchView(v)} aria-label="View">
            <ToggleButton value="gallery" aria-label="Gallery view">
              <GridView fontSize="small" />
            </ToggleButton>
            <ToggleButton value="table" aria-label="Table view">
              <ViewList fontSize="small" />
            </ToggleButton>
          </ToggleButtonGroup>
          <Button variant="contained" startIcon={<Add />} onClick={onCreate} data-testid="create-template-button">
            New template
          </Button>
        </>
      }
      filters={
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <TemplateFilters search={search} onSearch={setSearch} filters={filters} onChange={change} />
          <Typography variant="body2" color="text.secondary" data-testid="templates-count">
            {status === 'ready' ? `${totalCount} template${totalCount === 1 ? '' : 's'}` : ''}
          </Typography>
        </Stack>
      }
      status={status}
      error={error}
      refreshing={refreshing}
      loadedAt={loadedAt}
      errorTitle="Could not load templates"
      table={{
        label: 'Templates',
        rows: templates,
        columns,
        rowKey: (t) => t.id,
        loading: firstLoad,
        sort,
        onSortChange,
        onRowActivate: open,
        rowTestId: (t) => `template-row-${t.id}`,
        empty,
      }}
      body={view === 'table' ? undefined : <GalleryBody templates={templates} firstLoad={firstLoad} empty={empty} onOpen={open} />}
    />
  );
}

function GalleryBody({
  templates,
  firstLoad,
  empty,
  onOpen,
}: {
  templates: Template[];
  firstLoad: boolean;
  empty: ReactNode;
  onOpen(t: Template): void;
}) {
  if (firstLoad)
    return (
      <Box
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))', gap: 2 }}
        aria-busy
        aria-label="Loading templates"
      >
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={180} />
        ))}
      </Box>
    );
  if (templates.length === 0) return <Box sx={{ mt: 6 }}>{empty}</Box>;
  return <TemplateGallery templates={templates} onOpen={onOpen} />;
}
