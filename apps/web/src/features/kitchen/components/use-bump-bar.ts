import { type RefObject, useEffect, useRef } from 'react';
import { moveSelection, type Selection, type SelectionMove } from '../model/tickets';

const ARROWS: Record<string, SelectionMove> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

/** Where typing means words, or a dialog has the keys: the bump bar keeps out. */
const TYPING = 'input, textarea, select, [contenteditable="true"], dialog, [role="dialog"]';
/** The board's own targets: the selection itself. */
const SELECTABLE = '[data-ticket-header], [data-line-index]';
/** Other controls act on Enter and Space by themselves. */
const CONTROL = 'button, a[href], summary, [role="button"]';

export interface BumpBarOptions {
  /** The tickets' list: the selection's targets live in it. */
  board: RefObject<HTMLElement | null>;
  /** How many lines each ticket has, in order. */
  lineCounts: readonly number[];
  selection: Selection;
  /** Moves the selection and the focus with it. */
  onSelect: (selection: Selection) => void;
  /** Enter or Space: bump the selected line, or the ticket when its header is selected. */
  onActivate: (selection: Selection) => void;
  /** R: recall the most recent bump. */
  onRecall: () => void;
}

/**
 * A kitchen's bump bar is a keyboard: the arrows move between tickets (left, right) and their
 * lines (up, down), Enter or Space bumps what is selected, 1–9 pick a ticket, R recalls the last
 * bump. The keys work wherever the focus is on the screen, except in a text field or a dialog,
 * and Enter and Space still press another button that has the focus.
 */
export function useBumpBar(options: BumpBarOptions) {
  const latest = useRef(options);
  latest.current = options;
  const { board } = options;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(TYPING)) return;
      const { lineCounts, selection, onSelect, onActivate, onRecall } = latest.current;
      const move = ARROWS[event.key];
      if (move) {
        if (lineCounts.length === 0) return;
        event.preventDefault();
        onSelect(moveSelection(selection, move, lineCounts));
        return;
      }
      if (event.key === 'Enter' || event.key === ' ') {
        const ours = target?.closest(SELECTABLE) && board.current?.contains(target);
        if (!ours && target?.closest(CONTROL)) return;
        if (lineCounts.length === 0 || event.repeat) return;
        event.preventDefault();
        onActivate(selection);
        return;
      }
      if (/^[1-9]$/.test(event.key)) {
        const ticket = Number(event.key) - 1;
        if (ticket >= lineCounts.length) return;
        event.preventDefault();
        onSelect({ ticket, line: -1 });
        return;
      }
      if ((event.key === 'r' || event.key === 'R') && !event.repeat) {
        event.preventDefault();
        onRecall();
      }
    };
    // Space presses a button when the key comes up: the bump already happened on the way down.
    const onKeyUp = (event: KeyboardEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (event.key === ' ' && target?.closest(SELECTABLE) && board.current?.contains(target))
        event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('keyup', onKeyUp);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('keyup', onKeyUp);
    };
  }, [board]);
}
