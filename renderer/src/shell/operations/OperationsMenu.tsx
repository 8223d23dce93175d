// Top-bar operations button: a badge with how many long operations are running, and a panel
// listing each (running first) with its progress; a click goes to the page that shows it.
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Close from '@mui/icons-material/Close';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import PendingActions from '@mui/icons-material/PendingActions';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { navigate } from '../../platform/navigation/hash-router';
import { useOperations, type TrackedOperation } from '../../platform/operations-store';

function OperationRow({ operation, onOpen }: { operation: TrackedOperation; onOpen(): void }) {
  const dismiss = useOperations((s) => s.dismiss);
  const running = operation.state === 'running';
  return (
    <ListItem
      disablePadding
      data-testid="operation"
      data-state={operation.state}
      secondaryAction={
        !running && (
          <IconButton edge="end" size="small" aria-label={`Dismiss ${operation.title}`} onClick={() => dismiss(operation.id)}>
            <Close fontSize="small" />
          </IconButton>
        )
      }
    >
      <ListItemButton onClick={onOpen} sx={{ alignItems: 'flex-start', pr: running ? 2 : 6 }}>
        <Stack spacing={0.5} sx={{ width: '100%', minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {operation.state === 'succeeded' && <CheckCircleOutlined color="success" fontSize="small" />}
            {operation.state === 'failed' && <ErrorOutlined color="error" fontSize="small" />}
            <Typography variant="body2" sx={{ fontWeight: 600, flex: 1 }} noWrap title={operation.title}>
              {operation.title}
            </Typography>
            {running && operation.percentage !== null && (
              <Typography variant="caption" color="text.secondary">
                {Math.round(operation.percentage)}%
              </Typography>
            )}
          </Stack>
          {running && (
            <LinearProgress
              variant={operation.percentage === null ? 'indeterminate' : 'determinate'}
              value={operation.percentage ?? undefined}
              aria-label={`${operation.title} progress`}
            />
          )}
          <Typography variant="caption" color="text.secondary" noWrap title={operation.detail}>
            {operation.detail}
          </Typography>
        </Stack>
      </ListItemButton>
    </ListItem>
  );
}

export function OperationsMenu() {
  const items = useOperations((s) => s.items);
  const clearFinished = useOperations((s) => s.clearFinished);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const running = useMemo(() => items.filter((o) => o.state === 'running'), [items]);
  const finished = useMemo(() => items.filter((o) => o.state !== 'running'), [items]);
  const label = running.length === 0 ? 'Operations: none running' : `Operations: ${running.length} running`;

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid="operations-button"
        >
          <Badge badgeContent={running.length} color="primary">
            <PendingActions />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 380, maxHeight: 480 }, role: 'dialog', 'aria-label': 'Operations' } as object }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', px: 2, pt: 1.5, pb: 0.5 }}>
          <Typography variant="subtitle2" sx={{ flex: 1 }}>
            Operations
          </Typography>
          {finished.length > 0 && (
            <Button size="small" onClick={clearFinished}>
              Clear finished
            </Button>
          )}
        </Stack>
        {items.length === 0 ? (
          <Box sx={{ px: 2, pb: 2, pt: 0.5 }} data-testid="operations-empty">
            <Typography variant="body2" color="text.secondary">
              Nothing is running. Stops and restarts you start show their progress here, and stay listed when they end, also after their
              dialog is closed.
            </Typography>
          </Box>
        ) : (
          <List dense sx={{ pt: 0 }}>
            {[...running, ...finished].map((o) => (
              <OperationRow
                key={o.id}
                operation={o}
                onOpen={() => {
                  setAnchor(null);
                  navigate(o.route);
                }}
              />
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
