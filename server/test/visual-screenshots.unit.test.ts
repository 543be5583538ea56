// The visual check's comparison (e2e/visual/screenshots.ts) on a committed
// baseline, without a browser: what the browser suites compare stays the same
// when the encoding for comparison is cheaper.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { projectRoot } from '../config';
import { BASELINE_DIR, compareWithBaseline, decodePng, DIFF_DIR, MAX_DIFF_PIXELS, storedForm } from '../../e2e/visual/screenshots';

/** One of the smallest baselines (390 × 1233): the check costs little CPU. */
const BASELINE = 'empty/allProperties--user--390';
const baselinePixels = () => PNG.sync.read(readFileSync(path.join(BASELINE_DIR, `${BASELINE}.png`)));

describe('the visual check\'s comparison', () => {
  const diffs = ['actual', 'diff'].map((kind) => path.join(DIFF_DIR, 'unit-check', `painted.${kind}.png`));
  afterAll(() => rmSync(path.join(DIFF_DIR, 'unit-check'), { recursive: true, force: true }));

  it('compares the same pixels whether the stored form is encoded for comparison or for a file', async () => {
    const screenshot = baselinePixels();
    const compared = await storedForm(screenshot, { forFile: false });
    const written = await storedForm(screenshot, { forFile: true });
    expect(compared.png.data.equals(written.png.data)).toBe(true);
    expect(written.bytes.length).toBeLessThan(compared.bytes.length);
  });

  it('decodes a PNG (by sharp) to the pixels pngjs decodes, with an opaque alpha channel added', async () => {
    const bytes = readFileSync(path.join(BASELINE_DIR, `${BASELINE}.png`));
    const decoded = await decodePng(bytes);
    const reference = PNG.sync.read(bytes);
    expect([decoded.width, decoded.height]).toEqual([reference.width, reference.height]);
    expect(decoded.data.equals(reference.data)).toBe(true);
  });

  it('finds a baseline\'s own pixels the same', async () => {
    expect(await compareWithBaseline(BASELINE, baselinePixels())).toEqual({ result: 'same', diffPixels: 0 });
  });

  it('finds a painted block different and writes the screenshot at full compression with its diff image', async () => {
    const screenshot = baselinePixels();
    for (let y = 100; y < 140; y++) for (let x = 20; x < 120; x++) screenshot.data.fill(0, (y * screenshot.width + x) * 4, (y * screenshot.width + x) * 4 + 3);
    const comparison = await compareWithBaseline(BASELINE, screenshot, { diffName: 'unit-check/painted' });
    expect(comparison).toMatchObject({ result: 'different', actual: path.relative(projectRoot, diffs[0]!), diff: path.relative(projectRoot, diffs[1]!) });
    expect(comparison.result === 'different' && comparison.diffPixels).toBeGreaterThan(MAX_DIFF_PIXELS);
    expect(diffs.every((file) => existsSync(file))).toBe(true);
    expect(readFileSync(diffs[0]!).equals((await storedForm(screenshot, { forFile: true })).bytes)).toBe(true);
  });
});
