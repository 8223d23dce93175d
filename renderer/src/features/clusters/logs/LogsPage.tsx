// The log window (`#/logs?src=cluster:<id>,endpoint:<id>`), shown without the shell's
// navigation: it follows each source through the live tail (log-feed.ts), merges them into
// one model, and gives the view what needs the server (names, older lines, the download
// route, the link to the metrics). In web mode its tab is named after its sources
// (links.ts), so that a link to them (a metric chart's minute) is shown here.
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { LogSource as ClusterLogSource, LOG_DOWNLOAD_MAX_MS, LogType } from '../../../../../shared/api/clusters/logs';
import { LogSource as EndpointLogSource } from '../../../../../shared/api/endpoints/logs';
import type { LogSourceRef } from '../../../../../shared/ipc/streams';
import { useNotifications } from '../../../platform/notifications-store';
import {
  LOG_AT_PARAM,
  LOG_SOURCES_PARAM,
  logWindowName,
  logWindowPath,
  metricsAtPath,
  metricsWindowName,
} from '../../../platform/navigation/links';
import { navigate, parseHash } from '../../../platform/navigation/hash-router';
import { openWindow } from '../../../platform/navigation/open-window';
import { toNormalizedError } from '../../../bridge/errors';
import { EmptyState } from '../../../components/StateViews';
import { saveFile } from '../../../lib/save-file';
import { serverNow } from '../../../platform/server-clock';
import { useLoaded } from '../../../platform/use-loaded';
import { useLogs } from './logs-store';
import { downloadName } from './download';
import { openLogFeed } from './log-feed';
import type { LogLine } from './log-line';
import { BACKLOG, MAX_SOURCES, parseSources, refKey, serverFilters } from './log-sources';
import { LogModel } from './log-model';
import { LogWindow, type FilterChoice, type LogWindowEnv } from './LogWindow';
import { OlderLinesPanel } from './OlderLinesPanel';
import { SourcePicker } from './SourcePicker';

function subscribeHash(onChange: () => void) {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

function useSources(): LogSourceRef[] {
  const src = useSyncExternalStore(subscribeHash, () => parseHash(window.location.hash).query.get(LOG_SOURCES_PARAM) ?? '');
  return useMemo(() => parseSources(src), [src]);
}

/** `at=<ISO time>` (a metric's minute, epoch ms): where the feeds start, instead of the newest lines. */
function useStartAt(): number | undefined {
  const at = useSyncExternalStore(subscribeHash, () => parseHash(window.location.hash).query.get(LOG_AT_PARAM) ?? '');
  const ms = Date.parse(at);
  return Number.isFinite(ms) ? ms : undefined;
}

function useLabels(refs: readonly LogSourceRef[]): string[] {
  const key = refs.map(refKey).join(',');
  // A source that cannot be read keeps its id as its name; its feed says why. The names held
  // stay while an added source's is read.
  const { data: names } = useLoaded(
    key || null,
    async (signal) => {
      const read = (ref: LogSourceRef) =>
        useLogs
          .getState()
          .sourceName(ref, signal)
          .catch(() => ref.id);
      return Object.fromEntries(await Promise.all(refs.map(async (ref) => [refKey(ref), await read(ref)] as const)));
    },
    { keepAcrossKeys: true },
  );
  return useMemo(() => refs.map((r) => names?.[refKey(r)] ?? r.id), [refs, names]);
}

export default function LogsPage() {
  const refs = useSources();
  const startAt = useStartAt();
  const labels = useLabels(refs);
  const model = useMemo(() => new LogModel(), []);
  const [choice, setChoice] = useState<FilterChoice>({ levels: null, origins: null, types: null });
  const [pickerOpen, setPickerOpen] = useState(false);
  const [olderOpen, setOlderOpen] = useState(false);
  const sourcesKey = refs.map(refKey).join(',');

  useEffect(() => {
    document.title = `Logs: ${labels.join(', ') || 'no source'} · GPU Operator Console`;
  }, [labels]);

  // The tab's name (web mode): a link to these sources opens in this tab (platform/navigation/open-window.ts).
  useEffect(() => {
    const name = logWindowName(refs);
    window.name = name;
    return () => {
      if (window.name === name) window.name = '';
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sourcesKey stands for refs
  }, [sourcesKey]);

  // One feed per source; a change of the server-side filters restarts them after the newest
  // line held, so nothing is fetched twice. A start-over (a moment older than the lines held)
  // closes them at once, lets the lines go and opens them again from that moment.
  const startAtRef = useRef(startAt);
  startAtRef.current = startAt;
  const closeFeeds = useRef<() => void>(() => {});
  const [run, setRun] = useState(0);
  useEffect(() => {
    model.setSources(refs);
    const since = startAtRef.current === undefined ? undefined : new Date(startAtRef.current).toISOString();
    const closers = refs.map((ref, i) =>
      openLogFeed(
        ref,
        // A source that holds lines resumes after them; a new one starts at the linked moment, if any.
        { filters: serverFilters(ref, choice), backlog: BACKLOG, since, after: model.sources[i]?.lastId },
        {
          onItems: (items) => model.ingest(i, items),
          onStatus: (status) => model.setStatus(i, status),
          onSkipped: (count) => model.skip(count),
        },
      ),
    );
    const close = () => closers.splice(0).forEach((c) => c());
    closeFeeds.current = close;
    return close;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sourcesKey stands for refs
  }, [model, sourcesKey, choice, run]);
  const startOver = useCallback(() => {
    closeFeeds.current();
    model.startOver();
    setRun((n) => n + 1);
  }, [model]);

  const setRefs = useCallback((next: LogSourceRef[]) => navigate(logWindowPath(next), { replace: true }), []);

  const env = useMemo<LogWindowEnv>(() => {
    const kinds = new Set(refs.map((r) => r.kind));
    return {
      labels,
      origins: [...(kinds.has('cluster') ? ClusterLogSource.options : []), ...(kinds.has('endpoint') ? EndpointLogSource.options : [])],
      types: kinds.has('cluster') ? LogType.options : [],
      onAddSource: refs.length < MAX_SOURCES ? () => setPickerOpen(true) : undefined,
      onRemoveSource: (i) => setRefs(refs.filter((_, j) => j !== i)),
      // The same choice again (a remount) does not restart the feeds.
      onFiltersChange: (next) => setChoice((prev) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next)),
      canOpenMetrics: (line: LogLine) => refs[line.src]?.kind === 'cluster',
      onOpenMetrics: (line: LogLine) => {
        const ref = refs[line.src];
        // Where the reader is: a tab of its own beside this one (the same one for every line of that cluster).
        if (ref?.kind === 'cluster') void openWindow(metricsAtPath(ref.id, line.ts, line.gpu), metricsWindowName(ref.id));
      },
      onStartOver: startOver,
      onSearchOlder: () => setOlderOpen(true),
      downloadRange: refs.flatMap((ref, i) =>
        ref.kind === 'cluster'
          ? [
              {
                label: `Last 24 hours of ${labels[i]}, from the server (.log)`,
                run: () => {
                  const end = serverNow();
                  useLogs
                    .getState()
                    .downloadClusterLog(ref.id, end - LOG_DOWNLOAD_MAX_MS, end)
                    .then(
                      (text) => saveFile(downloadName([ref], 'log', end), text, 'text/plain'),
                      (e: unknown) => useNotifications.getState().notifyError(`Downloading the logs of ${labels[i]}`, toNormalizedError(e)),
                    );
                },
              },
            ]
          : [],
      ),
    };
  }, [refs, labels, setRefs, startOver]);

  if (refs.length === 0)
    return (
      <Box sx={{ mt: 10 }}>
        <EmptyState
          title="No source to follow"
          action={
            <Button variant="contained" startIcon={<Add />} onClick={() => setPickerOpen(true)}>
              Add source
            </Button>
          }
        >
          Open a log window from a cluster or an endpoint, or add one here.
        </EmptyState>
        <SourcePicker open={pickerOpen} present={refs} onClose={() => setPickerOpen(false)} onAdd={(ref) => setRefs([ref])} />
      </Box>
    );

  const oldest = model.buffer.at(model.buffer.start);
  return (
    <>
      <LogWindow model={model} env={env} moment={startAt} />
      <SourcePicker open={pickerOpen} present={refs} onClose={() => setPickerOpen(false)} onAdd={(ref) => setRefs([...refs, ref])} />
      {olderOpen && (
        <OlderLinesPanel open onClose={() => setOlderOpen(false)} sources={refs} labels={labels} oldestHeld={oldest?.ts ?? serverNow()} />
      )}
    </>
  );
}
