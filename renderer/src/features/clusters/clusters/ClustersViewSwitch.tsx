// The clusters area's two views of every cluster: the list and the fleet heat map (/clusters/fleet).
import GridView from '@mui/icons-material/GridView';
import ViewList from '@mui/icons-material/ViewList';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { navigate } from '../../../platform/navigation/hash-router';
import { FLEET_PATH } from './cluster-route';

export function ClustersViewSwitch({ value }: { value: 'list' | 'fleet' }) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      onChange={(_, next: 'list' | 'fleet' | null) => next && next !== value && navigate(next === 'fleet' ? FLEET_PATH : '/clusters')}
      aria-label="Clusters view"
      sx={{ height: 40 }}
    >
      <ToggleButton value="list" aria-label="List view" sx={{ gap: 0.75, px: 1.5 }}>
        <ViewList fontSize="small" />
        List
      </ToggleButton>
      <ToggleButton value="fleet" aria-label="Fleet view" sx={{ gap: 0.75, px: 1.5 }} aria-keyshortcuts="F">
        <GridView fontSize="small" />
        Fleet
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
