// The lines of a log window, virtualised (only the rows in sight are in the page, whatever
// the buffer holds), following the newest line until the reader scrolls up; then "N new
// lines — jump to latest". Redrawn at most once per frame, when the model says so.
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import { useVirtualizer } from '@tanstack/react-virtual';
import { forwardRef, useCallback, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { formatNumber } from '../../../lib/format';
import { atBottom, onScrolled, unseen, type FollowState } from './follow';
import { LogRow, rowStyles, type RowActions, type RowOptions } from './LogRow';
import type { LogModel } from './log-model';
import { rowsInSight } from './row-window';
import { ROW_HEIGHT } from './source-style';

/** Rows drawn beyond those in sight, for scrolling; while following nobody scrolls, so fewer. */
const OVERSCAN = 12;
const OVERSCAN_FOLLOWING = 2;
/** More than the rows ever rendered at once (a 4K-high window shows about 100). */
const SLOTS = 512;

export interface LogListHandle {
  /** Stops following and brings the line at this buffer position to the middle (or the top). */
  reveal(pos: number, align?: 'center' | 'start'): void;
  /** Stops following and shows the first lines (the window started over at a moment); what arrives below is counted. */
  showFromStart(): void;
  jumpToLatest(): void;
}

export const LogList = forwardRef<
  LogListHandle,
  {
    model: LogModel;
    follow: FollowState;
    setFollow(next: FollowState): void;
    expanded: ReadonlySet<number>;
    focusPos: number | null;
    options: RowOptions;
    actions: RowActions;
  }
>(function LogList({ model, follow, setFollow, expanded, focusPos, options, actions }, ref) {
  useSyncExternalStore(model.subscribe, model.getVersion);
  const scroller = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  const listStyle = useMemo(
    // Contained: the rows changing every frame lay out only the list, not the window.
    () => ({ position: 'absolute', inset: 0, overflow: 'auto', overflowAnchor: 'none', contain: 'strict', ...rowStyles(theme) }) as const,
    [theme],
  );
  const followRef = useRef(follow);
  followRef.current = follow;
  const count = model.visibleCount;
  const dynamic = options.wrap || expanded.size > 0;

  // Rows one line high (the usual case): the rows in sight from the scroll offset alone.
  // Wrapped or expanded rows have their own heights: the shared virtualiser measures them.
  const [sight, setSight] = useState({ top: 0, height: 900 });
  const virtualizer = useVirtualizer({
    count: dynamic ? count : 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (i) => model.positionAt(i),
    overscan: OVERSCAN,
  });
  // While following, the view is at the bottom: the rows in sight are the last ones already.
  const top = follow.following ? Math.max(0, count * ROW_HEIGHT - sight.height) : sight.top;
  const fixed = rowsInSight(count, top, sight.height, ROW_HEIGHT, follow.following ? OVERSCAN_FOLLOWING : OVERSCAN);
  const items = dynamic
    ? virtualizer.getVirtualItems().map((v) => ({ index: v.index, key: v.key, start: v.start }))
    : Array.from({ length: fixed.last - fixed.first }, (_, k) => {
        const index = fixed.first + k;
        // Keyed by slot, not by line: while following every frame brings new lines, and React
        // then updates the rows' text in place instead of removing and creating elements.
        return { index, key: index % SLOTS, start: index * ROW_HEIGHT };
      });
  const totalSize = dynamic ? virtualizer.getTotalSize() : count * ROW_HEIGHT;
  const scrollToIndex = useCallback(
    (index: number, align: 'center' | 'start') => {
      if (dynamic) virtualizer.scrollToIndex(index, { align });
      else if (scroller.current)
        scroller.current.scrollTop = Math.max(0, index * ROW_HEIGHT - (align === 'center' ? scroller.current.clientHeight / 2 : 0));
    },
    [dynamic, virtualizer],
  );

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setSight({ top: el.scrollTop, height: el.clientHeight }));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Keeps the newest line in sight while following; otherwise keeps the lines in sight where
  // they are when older ones leave the buffer (the list loses rows at its top).
  const topPos = useRef<number | null>(null);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (followRef.current.following) {
      // From the sizes known, not el.scrollHeight: reading that would lay the page out now.
      el.scrollTop = dynamic ? el.scrollHeight : count * ROW_HEIGHT;
      return;
    }
    if (topPos.current !== null && !dynamic) {
      const index = model.indexOfPosition(topPos.current);
      const now = Math.floor(el.scrollTop / ROW_HEIGHT);
      if (index >= 0 && index !== now) el.scrollTop += (index - now) * ROW_HEIGHT;
    }
  });

  /** Notes the line at the top of the view, which the view keeps in place while lines come and go. */
  const noteTop = useCallback(() => {
    const first = Math.floor((scroller.current?.scrollTop ?? 0) / ROW_HEIGHT);
    topPos.current = first < model.visibleCount ? model.positionAt(first) : null;
  }, [model]);

  // A scroll made here (to a line, to the first lines) says nothing of the reader: the scroll
  // events of its frame leave follow mode alone. One already queued by following (at the bottom)
  // would otherwise resume it, as would the bottom of a list emptied to start over. The new top
  // line is noted at once: a render before the scroll event would otherwise put the old one back.
  const ownScroll = useRef(false);
  const scrollHere = useCallback(
    (scroll: () => void) => {
      ownScroll.current = true;
      scroll();
      noteTop();
      // Scroll events of a frame come before its animation-frame callbacks.
      requestAnimationFrame(() => (ownScroll.current = false));
    },
    [noteTop],
  );

  const onScroll = useCallback(() => {
    const el = scroller.current!;
    setSight((prev) =>
      prev.top === el.scrollTop && prev.height === el.clientHeight ? prev : { top: el.scrollTop, height: el.clientHeight },
    );
    noteTop();
    if (ownScroll.current) return;
    const next = onScrolled(followRef.current, atBottom(el.scrollTop, el.clientHeight, el.scrollHeight), model.matchedTotal);
    if (next !== followRef.current) {
      followRef.current = next;
      setFollow(next);
    }
  }, [model, noteTop, setFollow]);

  const stopFollowing = useCallback(() => {
    const next = { following: false, base: model.matchedTotal };
    followRef.current = next;
    setFollow(next);
  }, [model, setFollow]);

  const jumpToLatest = useCallback(() => {
    followRef.current = { following: true, base: 0 };
    setFollow(followRef.current);
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [setFollow]);

  useImperativeHandle(
    ref,
    () => ({
      reveal(pos, align = 'center') {
        const index = model.indexOfPosition(pos);
        stopFollowing();
        if (index < 0) return;
        // Now, among the rows laid out, and again once a change of the filters is.
        scrollHere(() => scrollToIndex(index, align));
        requestAnimationFrame(() => scrollHere(() => scrollToIndex(index, align)));
      },
      showFromStart() {
        stopFollowing();
        // The list is empty: no top line is noted (the positions of the lines let go are taken again by the lines to come).
        scrollHere(() => {
          if (scroller.current) scroller.current.scrollTop = 0;
        });
      },
      jumpToLatest,
    }),
    [model, stopFollowing, scrollHere, scrollToIndex, jumpToLatest],
  );

  const fresh = unseen(follow, model.matchedTotal);
  return (
    <Box sx={{ position: 'relative', flex: 1, minHeight: 0 }}>
      <Box
        ref={scroller}
        onScroll={onScroll}
        onWheel={(e) => {
          // Scrolling up means "stop here" at once, before the next frame scrolls down again.
          if (e.deltaY < 0 && followRef.current.following) stopFollowing();
        }}
        role="log"
        aria-label="Log lines"
        aria-live="off"
        data-testid="log-lines"
        sx={listStyle}
      >
        {/* Sizes and offsets that change every frame go in style, not sx: each sx value is a CSS rule. */}
        <div style={{ height: totalSize, position: 'relative', minWidth: '100%' }}>
          {items.map((item) => {
            const pos = model.positionAt(item.index);
            const line = model.buffer.at(pos);
            if (!line) return null;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={dynamic ? virtualizer.measureElement : undefined}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}
              >
                <LogRow line={line} pos={pos} expanded={expanded.has(pos)} focused={focusPos === pos} options={options} actions={actions} />
              </div>
            );
          })}
        </div>
      </Box>
      {fresh > 0 && (
        <Button
          variant="contained"
          size="small"
          startIcon={<ArrowDownward />}
          onClick={jumpToLatest}
          data-testid="new-lines"
          sx={{ position: 'absolute', bottom: 12, left: '50%', transform: 'translateX(-50%)', boxShadow: 3 }}
        >
          {formatNumber(fresh)} new {fresh === 1 ? 'line' : 'lines'} — jump to latest
        </Button>
      )}
    </Box>
  );
});
