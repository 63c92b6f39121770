/**
 * `npm run bench -- long-tasks`: what keeps a phone's main thread busy after the first
 * paint. Serves the built app on the seeded demo league (the browser-test harness),
 * loads every public page Lighthouse audits in Chromium with the CPU slowed 4× (as
 * Lighthouse's mobile profile) over a slow-4G-like network, records a performance trace
 * and prints, per page, each main-thread task that runs over 50 ms after the first
 * contentful paint (as Lighthouse counts blocking time: only a task's part after it):
 * when it started, how long it ran, what ran in it (trace events by self time), the
 * hottest JavaScript functions in it (sampled, mapped through the build's source maps to
 * the source file and name) and the React phase they ran in. The last table sums it up:
 * the longest such task of each page in each load.
 *
 * Environment:
 *   LONG_TASKS_PAGES=team,league  only pages whose name or path contains one of these
 *   LONG_TASKS_RUNS=3             loads of each page (default 3)
 *   LONG_TASKS_DETAIL=0           only the summary table
 *   LONG_TASKS_STACKS=1           also the hottest call stacks and the components rendered
 *   LONG_TASKS_AS_LIGHTHOUSE=1    unthrottled, as Lighthouse records (see AS_LIGHTHOUSE)
 *   LONG_TASKS_INVALIDATIONS=1    records what made the browser restyle or lay out again
 *   LONG_TASKS_DUMP=file          keeps the last load's trace in file
 *   LONG_TASKS_TRACE=a.json,b…    takes apart traces kept elsewhere instead (readTraces)
 * Run on an idle machine: a busy core makes every task longer.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { buildWhenStale } from '../../api/build-when-stale';
import { CHROMIUM, CHROMIUM_ARGS, PHONE, startServer } from '../e2e/harness';
import { discoverIds, lighthousePages } from '../e2e/screens';
import { formatColumns, pagesChosenBy } from './lib/pages';

const root = fileURLToPath(new URL('../..', import.meta.url));
const RUNS = Math.max(1, Number(process.env.LONG_TASKS_RUNS ?? 3) || 3);
const DETAIL = process.env.LONG_TASKS_DETAIL !== '0';
const STACKS = process.env.LONG_TASKS_STACKS === '1';
/** A task longer than this blocks input (the definition of a long task). */
const LONG_MS = 50;
const CPU_SLOWDOWN = 4;
/**
 * LONG_TASKS_AS_LIGHTHOUSE=1 loads as Lighthouse records: neither CPU nor network slowed
 * (it simulates the phone afterwards, each task 4× as long), so tasks over a quarter of
 * 50 ms are shown. Everything arrives at once then, and tasks fall differently.
 */
const AS_LIGHTHOUSE = process.env.LONG_TASKS_AS_LIGHTHOUSE === '1';
/** The threshold of a load's tasks, ms. */
const THRESHOLD_MS = AS_LIGHTHOUSE ? LONG_MS / CPU_SLOWDOWN : LONG_MS;
const DEADLINE_MS = 20 * 60_000;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown> & { data?: Record<string, unknown> };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

export interface LongTask {
  /** From navigation start, ms. */
  start: number;
  duration: number;
  /** Trace events inside the task by self time, ms, largest first. */
  events: [string, number][];
  /** Sampled JavaScript by self time, ms, largest first. */
  functions: [string, number][];
  /** Sampled JavaScript by the React phase it ran in (render, commit, effects…), ms. */
  phases: [string, number][];
  /** With LONG_TASKS_STACKS=1, the hottest call stacks (innermost first), ms. */
  stacks: [string, number][];
  /** With LONG_TASKS_STACKS=1, the components rendered in the task (sampled), ms. */
  components: [string, number][];
}

export interface PageTrace {
  fcp: number;
  tasks: LongTask[];
}

/** React's entry points, to tell which phase a sample ran in. */
const PHASES = new Set([
  'renderRootSync',
  'renderRootConcurrent',
  'commitRoot',
  'commitMutationEffects',
  'commitLayoutEffects',
  'flushPassiveEffects',
  'flushSyncWorkAcrossRoots_impl',
  'performWorkOnRootViaSchedulerTask',
  'dispatchDiscreteEvent',
  'dispatchContinuousEvent',
]);

const sourceMaps = new Map<string, SourceMapConsumer | null>();

/** `file:line name` of a built function, through its chunk's source map when there is one. */
function describeFrame(frame: ProfileNode['callFrame']): string {
  const { pathname } = new URL(frame.url, 'http://x');
  const file = pathname.startsWith('/assets/') ? path.join(root, 'dist', pathname) : '';
  if (!sourceMaps.has(file)) {
    const mapFile = `${file}.map`;
    sourceMaps.set(
      file,
      file && fs.existsSync(mapFile)
        ? new SourceMapConsumer(JSON.parse(fs.readFileSync(mapFile, 'utf8')) as RawSourceMap)
        : null,
    );
  }
  const consumer = sourceMaps.get(file);
  const original = consumer?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (original?.source) {
    const source = original.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '');
    return `${original.name ?? (frame.functionName || '(anonymous)')} ${source}:${original.line}`;
  }
  return `${frame.functionName || '(anonymous)'} ${pathname.split('/').pop() ?? ''}`;
}

function add(totals: Map<string, number>, key: string, ms: number) {
  totals.set(key, (totals.get(key) ?? 0) + ms);
}

const top = (totals: Map<string, number>, count: number): [string, number][] =>
  [...totals].sort((a, b) => b[1] - a[1]).slice(0, count);

/** The long tasks of the page's main thread that end after its first contentful paint. */
export function longTasksOf(events: TraceEvent[], longMs = LONG_MS): PageTrace {
  const navigation = events.find(
    (event) =>
      event.name === 'navigationStart' &&
      String(event.args?.data?.['documentLoaderURL'] ?? '').startsWith('http'),
  );
  const fcpEvent = events.find(
    (event) => event.name === 'firstContentfulPaint' && event.pid === navigation?.pid,
  );
  if (!navigation || !fcpEvent) throw new Error('the trace has no navigation or no first contentful paint');
  const origin = navigation.ts;
  const thread = (event: TraceEvent) => event.pid === navigation.pid && event.tid === navigation.tid;
  const onMain = events.filter(thread);
  const fcp = (fcpEvent.ts - origin) / 1000;

  // Sampled JavaScript of the main thread: the chunks of the profile started on it.
  const profiles = new Set(
    onMain.filter((event) => event.name === 'Profile' && event.id !== undefined).map((event) => event.id),
  );
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  const clocks = new Map<string, number>();
  for (const event of events) {
    if (event.name === 'Profile' && profiles.has(event.id) && event.id !== undefined) {
      clocks.set(event.id, Number((event.args?.data as { startTime?: number } | undefined)?.startTime ?? 0));
    }
    if (event.name !== 'ProfileChunk' || event.id === undefined || !profiles.has(event.id)) continue;
    const data = event.args?.data as
      { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    let clock = clocks.get(event.id) ?? 0;
    ids.forEach((node, index) => {
      clock += deltas[index] ?? 0;
      samples.push({ ts: clock, node });
    });
    clocks.set(event.id, clock);
  }

  // Each node's parent, and its name once mapped through the source maps.
  for (const node of nodes.values()) {
    for (const child of (node as ProfileNode & { children?: number[] }).children ?? []) {
      const found = nodes.get(child);
      if (found) found.parent = node.id;
    }
  }
  /** The node and its callers, innermost first. */
  function* ancestors(node: ProfileNode): Generator<ProfileNode> {
    for (let at: ProfileNode | undefined = node; at; at = at.parent ? nodes.get(at.parent) : undefined)
      yield at;
  }
  const names = new Map<number, string>();
  const nameOf = (node: ProfileNode) => {
    let name = names.get(node.id);
    if (name === undefined) {
      name = node.callFrame.url ? describeFrame(node.callFrame) : node.callFrame.functionName;
      names.set(node.id, name);
    }
    return name;
  };

  /** A node's function name alone, without its file. */
  const short = (node: ProfileNode) => nameOf(node).split(' ')[0] ?? '';

  const tasks: LongTask[] = [];
  // The outermost task events: a task is often recorded twice, one event inside the other.
  let outerEnd = Number.NEGATIVE_INFINITY;
  const runTasks = onMain
    .filter(
      (event) =>
        event.ph === 'X' && (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask'),
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
    .filter((event) => {
      if (event.ts < outerEnd) return false;
      outerEnd = event.ts + (event.dur ?? 0);
      return true;
    });
  for (const task of runTasks) {
    const duration = (task.dur ?? 0) / 1000;
    const start = (task.ts - origin) / 1000;
    // As Lighthouse counts blocking time: only the part of a task after the first paint
    // (the task that paints first ends with that paint).
    if (start < 0 || start + duration - Math.max(start, fcp) <= longMs) continue;
    const end = task.ts + (task.dur ?? 0);
    // Self time of each event nested in the task (complete events only).
    const inside = onMain
      .filter((event) => event.ph === 'X' && event !== task && event.ts >= task.ts && event.ts < end)
      .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const totals = new Map<string, number>();
    const stack: { event: TraceEvent; end: number; child: number }[] = [];
    const close = (until: number) => {
      while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= until) {
        const done = stack.pop();
        if (!done) break;
        const self = ((done.event.dur ?? 0) - done.child) / 1000;
        const url = String(done.event.args?.data?.['url'] ?? '')
          .split('/')
          .pop();
        add(totals, url ? `${done.event.name} ${url}` : done.event.name, self);
      }
    };
    for (const event of inside) {
      close(event.ts);
      const parent = stack.at(-1);
      if (parent) parent.child += event.dur ?? 0;
      stack.push({ event, end: event.ts + (event.dur ?? 0), child: 0 });
    }
    close(Number.POSITIVE_INFINITY);
    const functions = new Map<string, number>();
    const phases = new Map<string, number>();
    const stacks = new Map<string, number>();
    const components = new Map<string, number>();
    const inTask = samples.filter((sample) => sample.ts >= task.ts && sample.ts < end);
    inTask.forEach((sample, index) => {
      const ms = ((inTask[index + 1]?.ts ?? end) - sample.ts) / 1000;
      const node = nodes.get(sample.node);
      if (!node || ['(idle)', '(program)', '(root)'].includes(node.callFrame.functionName)) return;
      add(functions, nameOf(node) || '(native)', ms);
      const callers = [...ancestors(node)];
      if (STACKS) {
        add(stacks, callers.slice(0, 12).map(short).join(' < '), ms);
        // The component a sample ran in: the frame React's renderWithHooks called.
        const index = callers.findIndex((_, i) => {
          const caller = callers[i + 1];
          return caller !== undefined && nameOf(caller).startsWith('renderWithHooks ');
        });
        const component = callers[index];
        if (component) add(components, short(component), ms);
      }
      const path: string[] = [];
      for (const at of callers) {
        const name = short(at);
        if (PHASES.has(name) && path[0] !== name) path.unshift(name);
      }
      const module = /(\S+\.(?:js|mjs|tsx?)):/.exec(nameOf(node))?.[1] ?? '';
      add(phases, path.length > 0 ? path.join(' > ') : `outside React (${module || 'native'})`, ms);
    });
    tasks.push({
      start,
      duration,
      events: top(totals, 6),
      functions: top(functions, 8),
      phases: top(phases, 5),
      stacks: top(stacks, 3),
      components: top(components, 12),
    });
  }
  return { fcp, tasks };
}

async function tracePage(url: string): Promise<PageTrace> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (!AS_LIGHTHOUSE) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      // Lighthouse's slow 4G: 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up.
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
    }
    await browser.startTracing(page, {
      categories: [
        'toplevel',
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'blink.user_timing',
        'loading',
        'disabled-by-default-v8.cpu_profiler',
        // Which change made the browser restyle or lay out again; it records a stack for
        // every change and so makes the page itself slower: only when asked.
        ...(process.env.LONG_TASKS_INVALIDATIONS === '1'
          ? ['disabled-by-default-devtools.timeline.invalidationTracking']
          : []),
      ],
    });
    await page.goto(url, { waitUntil: 'load' });
    // What runs once the page has loaded (hydration of late parts, idle work).
    await page.waitForTimeout(5_000);
    const buffer = await browser.stopTracing();
    const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
    if (process.env.LONG_TASKS_DUMP) fs.writeFileSync(process.env.LONG_TASKS_DUMP, buffer);
    return longTasksOf(traceEvents, THRESHOLD_MS);
  } finally {
    await browser.close();
  }
}

/**
 * One load's trace. Now and then Chromium's trace has no navigation or no first paint for
 * the page (its own pages' work fills the buffer instead): that load is taken again, twice
 * at most, rather than ending the whole run.
 */
async function traceOnce(url: string): Promise<PageTrace> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await tracePage(url);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error) || !error.message.startsWith('the trace has no'))
        throw error;
      console.warn(`  ${url}: ${error.message}; loading it again`);
    }
  }
}

/**
 * LONG_TASKS_TRACE=file…: takes apart traces recorded elsewhere (Lighthouse's, kept by
 * AUDIT_UI_SAVE) instead of loading pages. Lighthouse records without slowing the CPU
 * and multiplies by 4, so a quarter of the long-task threshold is used.
 */
function readTraces(files: string[]): void {
  for (const file of files) {
    const json = JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
    const events = Array.isArray(json) ? json : (json.traceEvents ?? []);
    const trace = longTasksOf(events, LONG_MS / CPU_SLOWDOWN);
    console.log(
      `\n${file}: FCP ${trace.fcp.toFixed(0)} ms, ${trace.tasks.length} tasks over ${LONG_MS / CPU_SLOWDOWN} ms after it`,
    );
    printTasks(trace);
  }
}

function printTasks(trace: PageTrace): void {
  const list = (pairs: [string, number][]) =>
    pairs.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join('; ');
  for (const task of trace.tasks) {
    console.log(`    task at ${task.start.toFixed(0)} ms, ${task.duration.toFixed(0)} ms`);
    console.log(`      events: ${list(task.events)}`);
    if (task.functions.length > 0) console.log(`      js: ${list(task.functions)}`);
    if (task.phases.length > 0) console.log(`      in: ${list(task.phases)}`);
    for (const [stack, ms] of task.stacks) console.log(`      stack ${ms.toFixed(1)}: ${stack}`);
    if (task.components.length > 0) console.log(`      components: ${list(task.components)}`);
  }
}

async function main() {
  const traces = (process.env.LONG_TASKS_TRACE ?? '').split(',').filter(Boolean);
  if (traces.length > 0) return readTraces(traces);
  buildWhenStale(path.join(root, 'dist'));
  const server = await startServer();
  try {
    const ids = await discoverIds(server.url);
    const pages = pagesChosenBy(lighthousePages(ids), 'LONG_TASKS_PAGES');
    console.log(
      AS_LIGHTHOUSE
        ? `Main-thread tasks over ${LONG_MS / CPU_SLOWDOWN} ms after the first paint, unthrottled as Lighthouse records, ${RUNS} loads per page`
        : `Long main-thread tasks after the first paint, CPU ${CPU_SLOWDOWN}× slower, slow 4G, ${RUNS} loads per page`,
    );
    const summary: string[][] = [];
    for (const page of pages) {
      const traces: PageTrace[] = [];
      for (let run = 0; run < RUNS; run++) traces.push(await traceOnce(new URL(page.path, server.url).href));
      const longest = traces.map((trace) => Math.max(0, ...trace.tasks.map((task) => task.duration)));
      const counts = traces.map((trace) => trace.tasks.length);
      summary.push([
        page.name,
        traces.map((trace) => trace.fcp.toFixed(0)).join(', '),
        counts.join(', '),
        longest.map((ms) => ms.toFixed(0)).join(', '),
      ]);
      if (!DETAIL) continue;
      console.log(`\n${page.name} (${page.path})`);
      traces.forEach((trace, run) => {
        console.log(
          `  load ${run + 1}: FCP ${trace.fcp.toFixed(0)} ms, ${trace.tasks.length} long tasks after it`,
        );
        printTasks(trace);
      });
    }
    console.log(`\n${formatColumns(['page', 'FCP (ms)', 'long tasks after FCP', 'longest (ms)'], summary)}`);
    const worst = Math.max(0, ...summary.flatMap((row) => (row[3] ?? '').split(', ').map(Number)));
    console.log(
      `\n[long-tasks] ${pages.length} pages × ${RUNS} loads: longest task after first paint ${worst.toFixed(0)} ms (counted over ${THRESHOLD_MS} ms)`,
    );
  } finally {
    await server.dispose();
  }
}

const watchdog = setTimeout(() => {
  console.error('long-tasks did not finish in time');
  process.exit(1);
}, DEADLINE_MS);
try {
  await main();
} finally {
  clearTimeout(watchdog);
}
