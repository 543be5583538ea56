// The visual check at 1366 px, a desktop (e2e/visual/suite.ts, docs/visual-checks.md), with
// the checks made once: every route walked, and the deliberate style break that must be caught.
// The phone width is e2e/visual-phone.e2e.test.ts: a file each, so that they run side by side.
import { describeVisualCheck } from './visual/suite';

describeVisualCheck(1366);
