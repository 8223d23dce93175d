// "Open logs": the log window of a cluster or an endpoint, in a window of its own.
import Article from '@mui/icons-material/Article';
import Button from '@mui/material/Button';
import { logWindowPath, type LinkedLogSource } from '../platform/navigation/links';
import { openWindow } from '../platform/navigation/open-window';

export function OpenLogsButton({ source }: { source: LinkedLogSource }) {
  return (
    <Button variant="outlined" startIcon={<Article />} onClick={() => void openWindow(logWindowPath([source]))} data-testid="open-logs">
      Open logs
    </Button>
  );
}
