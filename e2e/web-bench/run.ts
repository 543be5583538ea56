// `npm run bench:web`: Lighthouse (mobile and desktop presets) on the pages a
// first visit lands on, against the app exactly as `npm start` runs it. See
// docs/benchmarks.md, "Web performance".
//
// One run: `npm run build`; the app (`server/main.ts`) on a free port with its
// own throw-away data directory (embedded PostgreSQL, Auth emulator, demo data);
// Debian's Chromium with a remote-debugging port; Lighthouse on `/` signed out,
// then, after signing in through the login form in that same browser, on
// /allProperties, a property's details and a dashboard page. Every run starts
// from an empty HTTP cache. Everything started is stopped again, on failure and
// on Ctrl-C too.
import fs from 'node:fs/promises';
import path from 'node:path';
import { DASHBOARD_PAGE, LOGIN, clearHttpCache, finish, kb, loadAverage, positiveInt, seconds, signIn, startBench } from './harness';
import { runLighthouse, type PageScore, type Preset } from './lighthouse';

const RUNS = positiveInt('BENCH_WEB_RUNS', 3);
/** `BENCH_WEB_PRESETS=mobile` measures the phone alone (the issue's figures), in half the time. */
const PRESETS: Preset[] = presets(process.env.BENCH_WEB_PRESETS ?? 'mobile,desktop');

function presets(raw: string): Preset[] {
  const names = raw.split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => name !== 'mobile' && name !== 'desktop');
  if (names.length === 0 || unknown.length) throw new Error(`BENCH_WEB_PRESETS lists mobile and/or desktop, got "${raw}".`);
  return names as Preset[];
}

interface Measured {
  page: string;
  preset: Preset;
  runs: PageScore[];
  median: PageScore;
}

/** The run with the median performance score (ties: the median LCP). */
function medianRun(runs: PageScore[]): PageScore {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  return sorted[Math.floor(sorted.length / 2)];
}

function printTable(results: Measured[]) {
  const header = ['page', 'preset', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'JS wire', 'JS raw', 'JS files'];
  const rows = results.map(({ page, preset, median: s }) => [
    page,
    preset,
    String(s.performance),
    String(s.accessibility),
    String(s.bestPractices),
    String(s.seo),
    seconds(s.fcpMs),
    seconds(s.lcpMs),
    `${Math.round(s.tbtMs)} ms`,
    s.cls.toFixed(3),
    kb(s.jsTransferBytes),
    kb(s.jsResourceBytes),
    String(s.jsRequests),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

async function main() {
  const { appUrl, debuggingPort, pages, workDir, started } = await startBench(`${RUNS} run(s) per page and preset`);
  const reportDir = process.env.BENCH_WEB_REPORT_DIR ? path.resolve(process.env.BENCH_WEB_REPORT_DIR) : path.join(workDir, 'reports');
  await fs.mkdir(reportDir, { recursive: true });
  const results: Measured[] = [];
  let signedIn = false;
  for (const { page, signedIn: needsSignIn } of pages) {
    if (needsSignIn && !signedIn) {
      await signIn(debuggingPort, appUrl);
      signedIn = true;
    }
    for (const preset of PRESETS) {
      const runs: PageScore[] = [];
      for (let attempt = 1; attempt <= RUNS; attempt++) {
        if (signedIn) await clearHttpCache(debuggingPort);
        const { score, report } = await runLighthouse(`${appUrl}${page}`, { port: debuggingPort, preset, keepStorage: signedIn });
        runs.push(score);
        const name = `${page.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${preset}-${attempt}.html`;
        await fs.writeFile(path.join(reportDir, name), report);
        console.log(`  ${page} ${preset} #${attempt}: perf ${score.performance}, LCP ${seconds(score.lcpMs)}, TBT ${Math.round(score.tbtMs)} ms, CLS ${score.cls.toFixed(3)}`);
      }
      results.push({ page, preset, runs, median: medianRun(runs) });
    }
  }

  console.log(`\nLighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : 'one run'} per row (${DASHBOARD_PAGE} and the others after / signed in as ${LOGIN.email}):\n`);
  printTable(results);
  console.log('\nAudits below 0.9 in the median runs:');
  for (const { page, preset, median } of results) {
    console.log(`  ${page} ${preset}: LCP element ${median.lcpElement ?? '(none)'}`);
    for (const failing of median.failing) console.log(`    - ${failing}`);
  }
  console.log('\nMain-thread work in the median runs (Lighthouse mainthread-work-breakdown; the scripts: bootup-time, total / evaluation):');
  for (const { page, preset, median } of results) {
    console.log(`  ${page} ${preset}: ${median.mainThread.map(({ group, ms }) => `${group} ${ms} ms`).join(', ')}`);
    for (const { script, totalMs, scriptingMs } of median.bootup) console.log(`    ${script}: ${totalMs} ms / ${scriptingMs} ms`);
  }
  console.log(`\nload average at the end: ${loadAverage()} (on a shared machine the figures above are inflated; compare runs made under similar load)`);
  const jsonPath = path.join(reportDir, 'results.json');
  await fs.writeFile(jsonPath, JSON.stringify({ date: new Date().toISOString(), runs: RUNS, results }, null, 2));
  console.log(`\nreports: ${reportDir} (results.json and one HTML report per run); took ${seconds(Date.now() - started)}`);
}

finish(main);
