/**
 * Which menu section is being read: the last one whose top has passed just under the sticky tabs
 * (`offset`). When the guest has scrolled to the very end, the last section is the one being read
 * even if its top never reached the tabs (it is short). A menu that fits on one screen has not been
 * scrolled at all: its first section is the current one.
 */
export function pickActiveSection(
  sections: readonly { id: string; top: number }[],
  page: { offset: number; scrollY: number; viewportHeight: number; pageHeight: number },
): string | null {
  let current = sections[0]?.id ?? null;
  for (const section of sections) {
    if (section.top - page.offset <= 1) current = section.id;
  }
  const scrolled = page.scrollY > 0;
  const atEnd = page.viewportHeight + page.scrollY >= page.pageHeight - 2;
  if (scrolled && atEnd) current = sections[sections.length - 1]?.id ?? current;
  return current;
}
