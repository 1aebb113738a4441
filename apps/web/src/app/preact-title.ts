import { type FunctionComponent, options } from 'preact';
import { useLayoutEffect } from 'preact/hooks';

/** The text of a <title> element's children, as React 19 reads it. */
function titleText(children: unknown): string {
  return [children]
    .flat(Infinity)
    .filter((part) => part != null && part !== false)
    .join('');
}

function DocumentTitle({ children }: { children?: unknown }) {
  const text = titleText(children);
  useLayoutEffect(() => {
    document.title = text;
  }, [text]);
  return null;
}

/**
 * React 19 hoists a <title> rendered anywhere into the document's head; the screens rely on it
 * (every one names itself). Preact renders it in place, where a browser ignores it: under Preact
 * (the guest's build), a <title> sets document.title instead. Under React this is never reached.
 */
export function hoistTitles(): void {
  const next = options.vnode;
  options.vnode = (vnode) => {
    if (vnode.type === 'title') vnode.type = DocumentTitle as FunctionComponent;
    next?.(vnode);
  };
}
