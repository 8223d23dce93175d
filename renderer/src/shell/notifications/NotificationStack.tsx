// A stack of Snackbars, newest at the bottom; errors stay until dismissed.
import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import { WhyButton } from '../../components/WhyButton';
import { useNotifications, type Notification } from '../../platform/notifications-store';
import { canExplain } from '../../platform/why';

function Toast({ item }: { item: Notification }) {
  const dismiss = useNotifications((s) => s.dismiss);
  return (
    <Snackbar
      open
      autoHideDuration={item.severity === 'error' ? null : 5000}
      onClose={(_, reason) => reason !== 'clickaway' && dismiss(item.id)}
      sx={{ position: 'static', transform: 'none' }}
    >
      <Alert
        severity={item.severity}
        variant="filled"
        onClose={() => dismiss(item.id)}
        // A refused call offers its "Why?"; the close button then has to be drawn here too.
        action={
          canExplain(item.error) ? (
            <>
              <WhyButton error={item.error} />
              <IconButton size="small" color="inherit" aria-label="Close" onClick={() => dismiss(item.id)}>
                <Close fontSize="small" />
              </IconButton>
            </>
          ) : undefined
        }
        sx={{ minWidth: 320, maxWidth: 480 }}
        data-testid="notification"
      >
        {item.message}
      </Alert>
    </Snackbar>
  );
}

export function NotificationStack() {
  const items = useNotifications((s) => s.items);
  return (
    <Stack spacing={1} sx={{ position: 'fixed', bottom: 40, right: 16, zIndex: (t) => t.zIndex.snackbar }} aria-live="polite">
      {items.map((item) => (
        <Toast key={item.id} item={item} />
      ))}
    </Stack>
  );
}
