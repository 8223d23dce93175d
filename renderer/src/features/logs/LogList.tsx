// The lines of a log window, virtualised (only the rows in sight are in the page, whatever
// the buffer holds), following the newest line until the reader scrolls up; then "N new
// lines — jump to latest". Redrawn at most once per frame, when the model says so.
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useVirtualizer } from '@tanstack/react-virtual';
import { forwardRef, useCallback, useImperativeHandle, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { formatNumber } from '../../lib/format';
import { atBottom, onScrolled, unseen, type FollowState } from './follow';
import { LogRow, type RowActions, type RowOptions } from './LogRow';
import type { LogModel } from './log-model';
import { ROW_HEIGHT } from './source-style';

export interface LogListHandle {
  /** Stops following and brings the line at this buffer position to the middle. */
  reveal(pos: number): void;
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
  const followRef = useRef(follow);
  followRef.current = follow;
  const count = model.visibleCount;
  const dynamic = options.wrap || expanded.size > 0;

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (i) => model.positionAt(i),
    overscan: 12,
  });

  // Keeps the newest line in sight while following; otherwise keeps the lines in sight where
  // they are when older ones leave the buffer (the list loses rows at its top).
  const topPos = useRef<number | null>(null);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (followRef.current.following) {
      el.scrollTop = el.scrollHeight;
      return;
    }
    if (topPos.current !== null && !dynamic) {
      const index = model.indexOfPosition(topPos.current);
      const now = Math.floor(el.scrollTop / ROW_HEIGHT);
      if (index >= 0 && index !== now) el.scrollTop += (index - now) * ROW_HEIGHT;
    }
  });

  const onScroll = useCallback(() => {
    const el = scroller.current!;
    const first = Math.floor(el.scrollTop / ROW_HEIGHT);
    topPos.current = first < model.visibleCount ? model.positionAt(first) : null;
    const next = onScrolled(followRef.current, atBottom(el.scrollTop, el.clientHeight, el.scrollHeight), model.matchedTotal);
    if (next !== followRef.current) {
      followRef.current = next;
      setFollow(next);
    }
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
      reveal(pos) {
        const index = model.indexOfPosition(pos);
        const next = { following: false, base: model.matchedTotal };
        followRef.current = next;
        setFollow(next);
        if (index >= 0) requestAnimationFrame(() => virtualizer.scrollToIndex(index, { align: 'center' }));
      },
      jumpToLatest,
    }),
    [model, setFollow, virtualizer, jumpToLatest],
  );

  const fresh = unseen(follow, model.matchedTotal);
  return (
    <Box sx={{ position: 'relative', flex: 1, minHeight: 0 }}>
      <Box
        ref={scroller}
        onScroll={onScroll}
        onWheel={(e) => {
          // Scrolling up means "stop here" at once, before the next frame scrolls down again.
          if (e.deltaY < 0 && followRef.current.following) {
            const next = { following: false, base: model.matchedTotal };
            followRef.current = next;
            setFollow(next);
          }
        }}
        role="log"
        aria-label="Log lines"
        aria-live="off"
        data-testid="log-lines"
        sx={{ position: 'absolute', inset: 0, overflow: 'auto', overflowAnchor: 'none' }}
      >
        <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative', minWidth: '100%' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const pos = model.positionAt(item.index);
            const line = model.buffer.at(pos);
            if (!line) return null;
            return (
              <Box
                key={item.key}
                data-index={item.index}
                ref={dynamic ? virtualizer.measureElement : undefined}
                sx={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}
              >
                <LogRow line={line} pos={pos} expanded={expanded.has(pos)} focused={focusPos === pos} options={options} actions={actions} />
              </Box>
            );
          })}
        </Box>
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
