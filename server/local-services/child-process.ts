// Helpers for the embedded services that run as child processes (the Firebase
// Auth emulator, the mail server): waiting until one answers over HTTP, and
// stopping its whole process group; and for the commands that run one program
// after another (npm start, npm test).
import { spawn, type ChildProcess } from 'node:child_process';

/** Resolves once `url` answers 2xx; rejects if the child exits first or `timeoutMs` passes. */
export async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`not ready after ${timeoutMs} ms`);
}

/** Signals the child's process group (it was spawned `detached`), if it still runs. */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Stops a detached child with `signal`, killing it after `graceMs`; resolves when it has exited. */
export async function stopGroup(child: ChildProcess, signal: NodeJS.Signals, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  killGroup(child, signal);
  const forceKill = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(forceKill);
}

/**
 * Runs `command` with this terminal (its output shown as it comes) and resolves
 * with its exit code (1 when a signal ended it). Ctrl-C reaches it through the
 * terminal; a SIGTERM sent to this process is passed on.
 */
export function runToExit(command: string, args: string[], { cwd, env = process.env }: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
    child.once('error', reject);
    const forward = () => child.kill('SIGTERM');
    process.once('SIGTERM', forward);
    child.once('exit', (code, signal) => {
      process.removeListener('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}
