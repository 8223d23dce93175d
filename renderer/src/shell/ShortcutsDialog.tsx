// The help dialog that lists every shortcut ("?"). Loaded when first opened (ShellDialogs.tsx).
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { formatShortcut } from '../lib/shortcuts';
import { SHORTCUTS } from './shortcuts';
import { useUi } from './ui-store';

export function ShortcutsDialog() {
  const open = useUi((s) => s.shortcutsOpen);
  const setUi = useUi((s) => s.set);
  return (
    <Dialog open={open} onClose={() => setUi({ shortcutsOpen: false })} maxWidth="xs" fullWidth>
      <DialogTitle>Keyboard shortcuts</DialogTitle>
      <DialogContent>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 1, m: 0 }}>
          {SHORTCUTS.map((s) => (
            <Box key={s.keys} sx={{ display: 'contents' }}>
              <Box
                component="dt"
                sx={{
                  '& kbd': {
                    px: 0.75,
                    py: 0.25,
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 0.5,
                    fontFamily: 'inherit',
                    fontSize: 12,
                  },
                }}
              >
                <kbd>{formatShortcut(s.keys)}</kbd>
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {s.what}
              </Box>
            </Box>
          ))}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
