// Ctrl/Cmd+K: type to find a command or a resource (cluster, secret, template, key; fuzzy,
// ranked by match quality), arrows to move, Enter to run or open, Esc to close.
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import InputBase from '@mui/material/InputBase';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { MONO_FONT } from '../../lib/fonts';
import { formatShortcut } from '../../lib/shortcuts';
import { useSystemMode } from '../theme/AppThemeProvider';
import { useUi } from '../ui-store';
import { buildCommands } from './commands';
import { paletteEntries, type PaletteEntry } from './entries';
import { usePaletteSearch } from './use-palette-search';
import type { NormalizedError } from '../../../../shared/api/errors';
import { WhyButton } from '../../components/WhyButton';

function Highlighted({ text, positions: matched }: { text: string; positions: readonly number[] }) {
  const positions = new Set(matched);
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
  const search = usePaletteSearch(open);
  const results = useMemo(() => paletteEntries(commands, search.groups, query), [commands, search.groups, query]);
  const typed = query.trim() !== '';
  const notes: Array<{ text: string; error?: NormalizedError }> = typed
    ? [
        ...search.groups.flatMap((g) => (g.note ? [{ text: g.note }] : [])),
        ...search.failures,
        ...(search.pending.length ? [{ text: `Searching ${search.pending.join(', ').toLowerCase()}…` }] : []),
      ]
    : [];

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

  // Where focus was when the palette opened (read while rendering it open, before the dialog
  // takes focus): closed without a command, focus goes back there. A command chosen takes the
  // user elsewhere: focus does not go back to the opener, whose focus ripple would stay on
  // the page, pulsing, after the command ran (issue 18 part 5).
  const opener = useRef<Element | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current) opener.current = document.activeElement;
  wasOpen.current = open;

  const close = () => setUi({ paletteOpen: false });
  const dismiss = () => {
    close();
    const back = opener.current;
    if (back instanceof HTMLElement) setTimeout(() => back.focus(), 0);
  };
  const run = (command: PaletteEntry | undefined) => {
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
      onClose={dismiss}
      disableRestoreFocus
      maxWidth="sm"
      fullWidth
      slotProps={{ paper: { sx: { position: 'fixed', top: 80, m: 0 } } }}
      data-testid="command-palette"
    >
      <InputBase
        autoFocus
        fullWidth
        placeholder="Search clusters, secrets, templates, keys, or type a command…"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
        sx={{ px: 2, py: 1.5, fontSize: 16, borderBottom: 1, borderColor: 'divider' }}
        inputProps={{
          'aria-label': 'Command or resource',
          role: 'combobox',
          'aria-expanded': true,
          'aria-controls': 'palette-list',
          'aria-activedescendant': results[index] ? `palette-${results[index].id}` : undefined,
        }}
      />
      <List ref={listRef} id="palette-list" role="listbox" dense sx={{ maxHeight: 360, overflowY: 'auto', py: 0.5 }}>
        {results.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
            {search.pending.length ? 'Nothing found yet' : 'Nothing matches'} “{query}”.
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
            <ListItemText
              primary={
                <>
                  <Highlighted text={c.title} positions={c.positions} />
                  {c.detail && (
                    <Box component="span" sx={{ ml: 1, color: 'text.secondary', fontFamily: MONO_FONT, fontSize: 12 }}>
                      {c.detail}
                    </Box>
                  )}
                </>
              }
              slotProps={{ primary: { noWrap: true } }}
            />
            <Typography variant="caption" color="text.secondary" noWrap sx={{ ml: 2, flexShrink: 0 }}>
              {c.shortcut ? formatShortcut(c.shortcut) : c.caption}
            </Typography>
          </ListItemButton>
        ))}
      </List>
      {notes.length > 0 && (
        <Box sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider' }} data-testid="palette-notes">
          {notes.map((n) => (
            <Typography key={n.text} variant="caption" color="text.secondary" component="p">
              {n.text} {n.error && <WhyButton error={n.error} />}
            </Typography>
          ))}
        </Box>
      )}
    </Dialog>
  );
}
