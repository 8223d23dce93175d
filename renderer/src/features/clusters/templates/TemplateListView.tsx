// /templates: the gallery or the table, with the address's filters sent to the list operation
// (the search once typing pauses), and "New template". The list's wiring is use-templates-page.ts.
import Add from '@mui/icons-material/Add';
import WidgetsOutlined from '@mui/icons-material/WidgetsOutlined';
import Button from '@mui/material/Button';
import { ListPage } from '../../../components/ListPage';
import { EmptyState } from '../../../components/StateViews';
import { useServerList } from '../../../platform/use-server-list';
import { TEMPLATE_TABLE } from './template-columns';
import { TemplateFilters } from './TemplateFilters';
import { GalleryBody, TemplatesViewSwitch } from './TemplateViews';
import { useTemplates } from './templates-store';
import { TEMPLATE_LIST, useTemplatesView } from './use-templates-page';

export function TemplateListView({ onCreate }: { onCreate(): void }) {
  const list = useServerList(TEMPLATE_LIST);
  const total = useTemplates((s) => s.totalCount);
  const [view, setView] = useTemplatesView();
  const empty = (
    <EmptyState icon={<WidgetsOutlined />} title="No templates match" action={<Button onClick={list.clearFilters}>Clear filters</Button>}>
      Change the search or the filters, or include deprecated templates.
    </EmptyState>
  );
  return (
    <ListPage
      title="Templates"
      description="Reusable cluster setups: image, resources and their bounds, ports, environment and startup script."
      {...list.page}
      filter={{ ...list.page.filter, placeholder: 'Search name, description, tags', label: 'Search templates', width: 250 }}
      refreshLabel="Refresh templates"
      errorTitle="Could not load templates"
      actions={
        <>
          <TemplatesViewSwitch value={view} onChange={setView} />
          <Button variant="contained" startIcon={<Add />} onClick={onCreate} data-testid="create-template-button">
            New template
          </Button>
        </>
      }
      filters={
        <TemplateFilters
          params={list.params}
          onChange={list.setParams}
          count={list.page.status === 'ready' ? `${total} template${total === 1 ? '' : 's'}` : ''}
        />
      }
      table={{ ...TEMPLATE_TABLE, ...list.table, empty }}
      body={
        view === 'table' ? undefined : (
          <GalleryBody templates={list.rows} loading={list.loading} empty={empty} onOpen={TEMPLATE_TABLE.onRowActivate} />
        )
      }
    />
  );
}
