// The frame every area renders into: top bar, navigation by area, content, status bar.
import Search from '@mui/icons-material/Search';
import Memory from '@mui/icons-material/Memory';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, memo, Suspense, useEffect } from 'react';
import { formatShortcut } from '../lib/shortcuts';
import { ErrorBoundary } from './ErrorBoundary';
import { areaForPath, areaOffered, areas, defaultArea, type Area } from './navigation/areas';
import { navigate, PagePathProvider, useAddressPath, usePagePath } from '../platform/navigation/hash-router';
import { NotificationStack } from './notifications/NotificationStack';
import { FeatureOverlays } from './overlays/FeatureOverlays';
import { ProfileSwitcher } from './profiles/ProfileSwitcher';
import { useActiveProfile, useProfiles } from '../platform/profiles-store';
import { ShellDialogs } from './ShellDialogs';
import { useGlobalShortcuts } from './shortcuts';
import { StatusBar } from './status/StatusBar';
import { OperationsMenu } from './operations/OperationsMenu';
import { ThemeMenu } from './theme/ThemeMenu';
import { useUi } from './ui-store';

const NAV_WIDTH = 208;
// Loaded on first use: it brings the contract's zod schemas, which nothing else at start needs.
const ProfileDialog = lazy(() => import('./profiles/ProfileDialog').then((m) => ({ default: m.ProfileDialog })));

function PageSkeleton() {
  return (
    <Stack spacing={2} aria-busy aria-label="Loading">
      <Skeleton variant="text" width={220} height={36} />
      <Skeleton variant="rounded" height={400} />
    </Stack>
  );
}

/** The areas, the address's own marked at once (it subscribes itself, so the page is not rendered again for it). */
const Navigation = memo(function Navigation() {
  const path = useAddressPath();
  const profile = useActiveProfile();
  return (
    <Box
      component="nav"
      aria-label="Areas"
      sx={{ width: NAV_WIDTH, flexShrink: 0, borderRight: 1, borderColor: 'divider', bgcolor: 'background.paper', overflowY: 'auto' }}
    >
      <List dense sx={{ px: 1 }}>
        {areas
          .filter((area) => !area.window && areaOffered(area, profile))
          .map((area) => {
            const active = path === area.path || path.startsWith(`${area.path}/`);
            return (
              <ListItemButton
                key={area.id}
                selected={active}
                href={`#${area.path}`}
                aria-current={active ? 'page' : undefined}
                sx={{ borderRadius: 1, mb: 0.25 }}
              >
                <ListItemIcon sx={{ minWidth: 32 }}>{area.icon}</ListItemIcon>
                <ListItemText primary={area.label} />
              </ListItemButton>
            );
          })}
      </List>
    </Box>
  );
});

/** An area the active profile does not offer (the Emulator view on a remote profile). */
function NotOffered({ area, profileName }: { area: Area; profileName: string }) {
  return (
    <Box sx={{ textAlign: 'center', mt: 8 }}>
      <Typography variant="h6" gutterBottom>
        {area.label} is for emulator profiles
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The active profile “{profileName}” is a remote server. Switch to an emulator profile in the top bar to use this view.
      </Typography>
      <Button variant="contained" href={`#${defaultArea.path}`}>
        Go to {defaultArea.label}
      </Button>
    </Box>
  );
}

function NotFound({ path }: { path: string }) {
  return (
    <Box sx={{ textAlign: 'center', mt: 8 }}>
      <Typography variant="h6" gutterBottom>
        Nothing at {path}
      </Typography>
      <Button variant="contained" href={`#${defaultArea.path}`}>
        Go to {defaultArea.label}
      </Button>
    </Box>
  );
}

/**
 * What every frame has besides its page: status bar, dialogs, overlays, notifications. Each
 * subscribes to its own stores; memoised, so the shell's render when a navigation starts (its
 * progress bar) does not render them again (issue 23: that render sat before the new page's first rows).
 */
const ShellFooter = memo(function ShellFooter() {
  return (
    <>
      <StatusBar />
      <ShellDialogs />
      <ProfileDialogHost />
      <FeatureOverlays />
      <NotificationStack />
    </>
  );
});

/** The profile dialog, while adding or editing a profile. */
function ProfileDialogHost() {
  const addProfileOpen = useUi((s) => s.addProfileOpen);
  const editProfileId = useUi((s) => s.editProfileId);
  const editProfile = useProfiles((s) => (editProfileId === null ? null : (s.profiles.find((p) => p.id === editProfileId) ?? null)));
  if (!addProfileOpen && editProfile === null) return null;
  return (
    <Suspense fallback={null}>
      <ProfileDialog open profile={editProfile} onClose={() => useUi.getState().set({ addProfileOpen: false, editProfileId: null })} />
    </Suspense>
  );
}

/** The top bar's contents (the navigation's progress bar is the shell's). */
const TopBar = memo(function TopBar() {
  const openPalette = () => useUi.getState().set({ paletteOpen: true });
  return (
    <Toolbar variant="dense" sx={{ gap: 1.5 }}>
      <Memory color="primary" />
      <Typography variant="subtitle1" component="div" sx={{ fontWeight: 700, mr: 2, whiteSpace: 'nowrap' }}>
        GPU Operator Console
      </Typography>
      <Button
        onClick={openPalette}
        variant="outlined"
        color="inherit"
        startIcon={<Search />}
        aria-label="Open command palette"
        sx={{
          color: 'text.secondary',
          borderColor: 'divider',
          fontWeight: 400,
          justifyContent: 'flex-start',
          width: 300,
          maxWidth: '40vw',
        }}
      >
        <Box component="span" sx={{ flex: 1, textAlign: 'left' }}>
          Search or run a command…
        </Box>
        <Box component="kbd" sx={{ fontFamily: 'inherit', fontSize: 11, border: 1, borderColor: 'divider', borderRadius: 0.5, px: 0.5 }}>
          {formatShortcut('Mod+K')}
        </Box>
      </Button>
      <Box sx={{ flex: 1 }} />
      <OperationsMenu />
      <ThemeMenu />
      <ProfileSwitcher />
    </Toolbar>
  );
});

/**
 * The page the path shows, or why there is none. Memoised on the path: when a navigation
 * starts, the shell renders again for its progress bar while the old page stays as it is.
 */
const PageHost = memo(function PageHost({ path }: { path: string }) {
  const area = areaForPath(path);
  const profile = useActiveProfile();
  const profilesKnown = useProfiles((s) => s.status === 'ready');
  const offered = area ? areaOffered(area, profile) : false;
  const Page = offered ? area?.component : undefined;
  let content;
  if (Page) content = <Page />;
  else if (area && profile) content = <NotOffered area={area} profileName={profile.name} />;
  else if (path === '/' || (area && !profilesKnown)) content = <PageSkeleton />;
  else content = <NotFound path={path} />;
  return (
    <ErrorBoundary resetKey={path}>
      <Suspense fallback={<PageSkeleton />}>
        <PagePathProvider value={path}>{content}</PagePathProvider>
      </Suspense>
    </ErrorBoundary>
  );
});

/** A focused window (a log window): the page alone, with the palette, notifications and status bar. */
function WindowFrame({ path }: { path: string }) {
  return (
    <Box sx={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box component="main" sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        <PageHost path={path} />
      </Box>
      <ShellFooter />
    </Box>
  );
}

/** What the new address shows starts loading as the address changes (Feature.routePrefetch). */
const prefetchRoute = ({ path, query }: { path: string; query: URLSearchParams }) => areaForPath(path)?.routePrefetch?.(path, query);

export function Shell() {
  // The page follows the address once its code is loaded (the navigation follows it at once).
  const { path, pending } = usePagePath(prefetchRoute);
  const area = areaForPath(path);
  const profile = useActiveProfile();
  const offered = area ? areaOffered(area, profile) : false;
  useGlobalShortcuts();

  useEffect(() => {
    if (path === '/') navigate(defaultArea.path, { replace: true });
  }, [path]);

  useEffect(() => {
    document.title = area ? `${area.label} · GPU Operator Console` : 'GPU Operator Console';
  }, [area]);

  if (area?.window && offered) return <WindowFrame path={path} />;
  return (
    <Box sx={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="relative" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <TopBar />
        {pending && <LinearProgress aria-label="Opening the page" sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 2 }} />}
      </AppBar>
      <Box sx={{ flex: 1, display: 'flex', minHeight: 0 }}>
        <Navigation />
        <Box component="main" sx={{ flex: 1, minWidth: 0, p: 3, overflow: 'auto', display: 'flex', flexDirection: 'column' }}>
          <PageHost path={path} />
        </Box>
      </Box>
      <ShellFooter />
    </Box>
  );
}
