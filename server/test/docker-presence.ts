// Whether a Docker (or Podman) engine could answer here, from what can be seen
// without asking one: the places testcontainers looks for it. Loading
// testcontainers only to learn that no engine answers cost about 2.5 s of CPU
// at the start of every test run (it loads dockerode, gRPC, archivers), on the
// path of the PostgreSQL start that every test waits for.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The environment variables that point testcontainers at an engine. */
const ENGINE_VARIABLES = ['DOCKER_HOST', 'TESTCONTAINERS_HOST_OVERRIDE', 'TESTCONTAINERS_DOCKER_SOCKET_OVERRIDE'];

/** The files whose presence says an engine (or testcontainers' own configuration of one) may be there. */
export function engineCandidates(env: NodeJS.ProcessEnv = process.env, home = os.homedir()): string[] {
  const runtimeDir = env.XDG_RUNTIME_DIR ?? (typeof process.getuid === 'function' ? `/run/user/${process.getuid()}` : undefined);
  return [
    '/var/run/docker.sock',
    '/run/podman/podman.sock',
    path.join(home, '.testcontainers.properties'),
    path.join(home, '.docker', 'run', 'docker.sock'),
    path.join(home, '.docker', 'desktop', 'docker.sock'),
    ...(runtimeDir ? [path.join(runtimeDir, 'docker.sock'), path.join(runtimeDir, 'podman', 'podman.sock')] : []),
  ];
}

/** False only when no variable names an engine and none of the candidate files exists: then no engine can answer. */
export function dockerMayAnswer(env: NodeJS.ProcessEnv = process.env, exists: (file: string) => boolean = existsSync, home = os.homedir()): boolean {
  return ENGINE_VARIABLES.some((name) => Boolean(env[name])) || engineCandidates(env, home).some(exists);
}
