// The Node version OpenNest runs on, and what `npm start` says at once on any
// other: npm prints the engines mismatch only as a warning among the install's
// output, and an older Node then fails later with an error about something else.
// Keep this file free of imports beyond Node's own: it must load on old Nodes.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The version in .node-version (what .ci/use-node.sh installs), e.g. "24.21.0". */
export function wantedNodeVersion(projectRoot: string): string {
  return readFileSync(path.join(projectRoot, '.node-version'), 'utf8').trim().replace(/^v/, '');
}

const parts = (version: string) => version.replace(/^v/, '').split('.').map(Number);

/**
 * Null when `running` will do (the wanted major, at least the wanted version:
 * package.json's engines say the same), else the lines to print.
 */
export function nodeVersionProblem(running: string, wanted: string): string | null {
  const [major, minor, patch] = parts(running);
  const [wantedMajor, wantedMinor, wantedPatch] = parts(wanted);
  const recentEnough = minor > wantedMinor || (minor === wantedMinor && patch >= wantedPatch);
  if (major === wantedMajor && recentEnough) return null;
  return [
    `OpenNest needs Node ${wanted} (or a later ${wantedMajor}.x); this is Node ${running.replace(/^v/, '')}.`,
    `Get it with:  source .ci/use-node.sh   (puts Node ${wanted} first on this shell's PATH, installing it from the npm registry when missing), then run the command again.`,
  ].join('\n');
}
