// Ctrl/Cmd+K: type to filter (fuzzy), arrows to move, Enter to run, Esc to close.
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import InputBase from '@mui/material/InputBase';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { fuzzyFilter, fuzzyMatch } from '../../lib/fuzzy';
import { formatShortcut } from '../../lib/shortcuts';
import { useSystemMode } from '../theme/AppThemeProvider';
import { useUi } from '../ui-store';
import { buildCommands, type Command } from './commands';

function Highlighted({ text, query }: { text: string; query: string }) {
  const positions = new Set(fuzzyMatch(query, text)?.positions ?? []);
  return (
    <>
      {[...text].map((ch, i) =>
        positions.has(i) ? (
          <Box key={i} component="mark" sx={{ bgcolor: 'transparent', color: 'primary.main', fontWeight: 700 }}>
            {ch}
          </Box>
        ) : (
          ch
        ),
      )}
    </>
  );
}

export function CommandPalette() {
  const open = useUi((s) => s.paletteOpen);
  const setUi = useUi((s) => s.set);
  const systemMode = useSystemMode();
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const commands = useMemo(() => (open ? buildCommands(systemMode) : []), [open, systemMode]);
  const results = useMemo(() => fuzzyFilter(commands, query, (c) => c.title), [commands, query]);

  useEffect(() => {
    if (open) {
      setQuery('');
      setIndex(0);
    }
  }, [open]);
  useEffect(() => setIndex(0), [query]);
  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${index}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [index]);

  const close = () => setUi({ paletteOpen: false });
  const run = (command: Command | undefined) => {
    if (!command) return;
    close();
    // Let the dialog release focus before the command opens its own dialog.
    setTimeout(() => command.run(), 0);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setIndex((i) => Math.min(results.length - 1, i + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setIndex((i) => Math.max(0, i - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      run(results[index]);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      maxWidth="sm"
      fullWidth
      slotProps={{ paper: { sx: { position: 'fixed', top: 80, m: 0 } } }}
      data-testid="command-palette"
    >
      <InputBase
        autoFocus
        fullWidth
        placeholder="Type a command…"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
        sx={{ px: 2, py: 1.5, fontSize: 16, borderBottom: 1, borderColor: 'divider' }}
        inputProps={{
          'aria-label': 'Command',
          role: 'combobox',
          'aria-expanded': true,
          'aria-controls': 'palette-list',
          'aria-activedescendant': results[index] ? `palette-${results[index].id}` : undefined,
        }}
      />
      <List ref={listRef} id="palette-list" role="listbox" dense sx={{ maxHeight: 360, overflowY: 'auto', py: 0.5 }}>
        {results.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
            No command matches “{query}”.
          </Typography>
        )}
        {results.map((c, i) => (
          <ListItemButton
            key={c.id}
            id={`palette-${c.id}`}
            role="option"
            aria-selected={i === index}
            data-index={i}
            selected={i === index}
            onMouseMove={() => i !== index && setIndex(i)}
            onClick={() => run(c)}
          >
            {c.icon && <ListItemIcon sx={{ minWidth: 32 }}>{c.icon}</ListItemIcon>}
            <ListItemText primary={<Highlighted text={c.title} query={query} />} />
            <Typography variant="caption" color="text.secondary" sx={{ ml: 2 }}>
              {c.shortcut ? formatShortcut(c.shortcut) : c.group}
            </Typography>
          </ListItemButton>
        ))}
      </List>
    </Dialog>
  );
}
