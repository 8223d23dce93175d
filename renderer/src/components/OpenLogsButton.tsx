// "Open logs": the log window of a cluster or an endpoint, in a window of its own (the one
// already following it, in web mode).
import Article from '@mui/icons-material/Article';
import Button from '@mui/material/Button';
import type { LinkedLogSource } from '../platform/navigation/links';
import { openLogWindow } from '../platform/navigation/open-window';

export function OpenLogsButton({ source }: { source: LinkedLogSource }) {
  return (
    <Button variant="outlined" startIcon={<Article />} onClick={() => void openLogWindow([source])} data-testid="open-logs">
      Open logs
    </Button>
  );
}
