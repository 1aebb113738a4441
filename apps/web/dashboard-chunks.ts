import path from 'node:path';
import type { Rolldown } from 'vite';
import { SRC } from './source-messages';

/*
 * Left to itself, Rolldown gives a module shared by several chunks a chunk of its own for each set
 * of chunks that use it. It does not know that the entry is always there, nor that the dashboard's
 * shell is there before any of its screens: signing in and reaching the Overview fetched some fifty
 * files, most of a few hundred bytes, each compressed on its own. Two groups put back together what
 * always loads together (decision 036):
 *
 * - `index`, the entry: what index.html imports, and the building blocks that the shell and the
 *   Overview share with the screens outside the shell (signing in, the printed QR codes);
 * - `dashboard-layout`, the shell: what the shell imports, and what the Overview (the home, the
 *   first screen after signing in) imports from outside its feature: lib, components, the contract.
 *   Every other screen of the dashboard opens inside the shell, so it finds them loaded.
 *
 * Whatever a screen outside the shell reaches stays out of the shell's chunk, so that none of them
 * fetches the shell. The rest (screens, their features, the catalogues, the charts) is split as
 * Rolldown splits it.
 *
 * The guest's pages (`--mode guest`) have one group, `guest`: what guest.html imports. Their later
 * code (the order, the bill, the orders waiting offline) imports from the first load rather than
 * splitting out the building blocks it shares with it (decision 041).
 */

const ENTRY = path.join(SRC, '../index.html');
const GUEST_ENTRY = path.join(SRC, '../guest.html');
/** Loads the screens outside the shell and the shell itself (router.tsx). */
const ROUTER = path.join(SRC, 'app/router.tsx');
const SHELL = path.join(SRC, 'app/layout/dashboard-layout.tsx');
const HOME = path.join(SRC, 'features/overview/routes/overview-screen.tsx');
const FEATURES = path.join(SRC, 'features') + path.sep;

type Group = 'index' | 'dashboard-layout';

/** The modules `starts` import statically, directly or not, themselves included. */
function staticImports(graph: Rolldown.ChunkingContext, starts: readonly string[]): Set<string> {
  const reached = new Set<string>();
  const pending = [...starts];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}

/** Each module's group; modules of neither are not in the map. */
function planGroups(graph: Rolldown.ChunkingContext): Map<string, Group> {
  const entry = staticImports(graph, [ENTRY]);
  const outside = staticImports(
    graph,
    (graph.getModuleInfo(ROUTER)?.dynamicallyImportedIds ?? []).filter((id) => id !== SHELL),
  );
  const shell = staticImports(graph, [SHELL]);
  for (const id of staticImports(graph, [HOME])) if (!id.startsWith(FEATURES)) shell.add(id);

  const groups = new Map<string, Group>();
  for (const id of shell) groups.set(id, outside.has(id) ? 'index' : 'dashboard-layout');
  for (const id of entry) groups.set(id, 'index');
  return groups;
}

/** `build.rolldownOptions.output.codeSplitting` of the dashboard's build. */
export function dashboardChunks(): Rolldown.CodeSplittingOptions {
  // One plan per chunking pass: Rolldown hands every call of a pass the same graph.
  const plans = new WeakMap<Rolldown.ChunkingContext, Map<string, Group>>();
  const groupOf = (id: string, graph: Rolldown.ChunkingContext) => {
    let plan = plans.get(graph);
    if (!plan) {
      plan = planGroups(graph);
      plans.set(graph, plan);
    }
    return plan.get(id);
  };
  const group = (name: Group, priority: number): Rolldown.CodeSplittingGroup => ({
    name: (id, graph) => (groupOf(id, graph) === name ? name : null),
    // The entry's group goes first: a group also takes what its modules import (Rolldown's
    // `includeDependenciesRecursively`), and the shell's modules import the entry's.
    priority,
  });
  return { groups: [group('index', 2), group('dashboard-layout', 1)] };
}

/** `build.rolldownOptions.output.codeSplitting` of the guest pages' build. */
export function guestChunks(): Rolldown.CodeSplittingOptions {
  const plans = new WeakMap<Rolldown.ChunkingContext, Set<string>>();
  return {
    groups: [
      {
        name: (id, graph) => {
          let firstLoad = plans.get(graph);
          if (!firstLoad) {
            firstLoad = staticImports(graph, [GUEST_ENTRY]);
            plans.set(graph, firstLoad);
          }
          return firstLoad.has(id) ? 'guest' : null;
        },
      },
    ],
  };
}
