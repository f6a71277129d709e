// Runs every benchmark module in turn (or those named on the command line) and prints one table: rows, raw
// driver ms, API ms and their ratio.
import { runBundleSizeBench } from './bundle-size.js';
import { runChartDataBench } from './chart-data.js';
import { runClusterBench } from './cluster.js';
import { runDashboardBench } from './dashboard.js';
import { runExploreBench } from './explore.js';
import { type BenchRow, runSqlLabBench } from './sqllab.js';
import { runSqlLabStreamBench } from './sqllab-stream.js';

/** Each bench module, by name; a new module adds one line here. */
const BENCHES: Array<[name: string, run: () => Promise<BenchRow[]>]> = [
  ['sqllab', runSqlLabBench],
  ['sqllab-stream', runSqlLabStreamBench],
  ['chart-data', runChartDataBench],
  ['dashboard', runDashboardBench],
  ['bundle-size', runBundleSizeBench],
  ['explore', runExploreBench],
  ['cluster', runClusterBench],
];

/** What the API may cost over the raw driver, unless a row names its own goal. */
const GOAL_RATIO = 1.3;

function table(rows: BenchRow[]): string {
  const header = ['bench', 'case', 'rows', 'raw ms', 'api ms', 'ratio', 'goal', 'met'];
  const lines = rows.map((row) => {
    const ratio = row.apiMs / row.rawMs;
    const goal = row.goal ?? GOAL_RATIO;
    return [
      row.bench,
      row.case,
      row.rows.toLocaleString('en-US'),
      row.rawMs.toFixed(1),
      row.apiMs.toFixed(1),
      ratio.toFixed(2),
      `≤ ${goal}`,
      ratio <= goal ? 'yes' : 'no',
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (cells: string[]) => cells.map((cell, column) => cell.padStart(widths[column] ?? 0)).join('  ');
  return [format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...lines.map(format)].join('\n');
}

const started = performance.now();
const all: BenchRow[] = [];
const chosen = process.argv.slice(2);
for (const [name, run] of BENCHES.filter(([bench]) => chosen.length === 0 || chosen.includes(bench))) {
  console.log(`running ${name}…`);
  all.push(...(await run()));
}
console.log(
  `\n${table(all)}\n\n(medians after a warm-up; ${((performance.now() - started) / 1000).toFixed(0)} s in all; ` +
    `peak RSS of this process, servers included: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB)`,
);
