// The templates list's two views: the switch between gallery and table, and the gallery's body
// (a skeleton while the first rows load, the empty state, the cards).
import GridView from '@mui/icons-material/GridView';
import ViewList from '@mui/icons-material/ViewList';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { ReactNode } from 'react';
import type { Template } from '../../../../../shared/api/clusters/templates';
import { TemplateGallery } from './TemplateGallery';
import type { TemplatesView } from './use-templates-page';

export function TemplatesViewSwitch({ value, onChange }: { value: TemplatesView; onChange(next: TemplatesView | null): void }) {
  return (
    <ToggleButtonGroup size="small" exclusive value={value} onChange={(_, v: TemplatesView | null) => onChange(v)} aria-label="View">
      <ToggleButton value="gallery" aria-label="Gallery view">
        <GridView fontSize="small" />
      </ToggleButton>
      <ToggleButton value="table" aria-label="Table view">
        <ViewList fontSize="small" />
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

export interface GalleryBodyProps {
  templates: readonly Template[];
  /** True until the first rows are shown. */
  loading: boolean;
  empty: ReactNode;
  onOpen(t: Template): void;
}

export function GalleryBody({ templates, loading, empty, onOpen }: GalleryBodyProps) {
  if (loading)
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
