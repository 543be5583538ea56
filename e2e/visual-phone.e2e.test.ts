// The visual check at 390 px, a phone (e2e/visual/suite.ts, docs/visual-checks.md).
// The desktop width is e2e/visual-desktop.e2e.test.ts: a file each, so that they run side by side.
import { describeVisualCheck } from './visual/suite';

describeVisualCheck(390);
