import { dockerMayAnswer, engineCandidates } from './docker-presence';

describe('whether a Docker engine may answer (before loading testcontainers)', () => {
  const home = '/home/dev';
  const env = { XDG_RUNTIME_DIR: '/run/user/1000' };

  it('is no when no variable names an engine and no socket or testcontainers configuration exists', () => {
    expect(dockerMayAnswer(env, () => false, home)).toBe(false);
  });

  it.each(['/var/run/docker.sock', '/run/user/1000/docker.sock', '/run/user/1000/podman/podman.sock', '/home/dev/.docker/run/docker.sock', '/home/dev/.docker/desktop/docker.sock', '/home/dev/.testcontainers.properties'])('is maybe when %s exists', (file) => {
    expect(engineCandidates(env, home)).toContain(file);
    expect(dockerMayAnswer(env, (candidate) => candidate === file, home)).toBe(true);
  });

  it.each(['DOCKER_HOST', 'TESTCONTAINERS_HOST_OVERRIDE', 'TESTCONTAINERS_DOCKER_SOCKET_OVERRIDE'])('is maybe when %s is set', (name) => {
    expect(dockerMayAnswer({ ...env, [name]: 'tcp://127.0.0.1:2375' }, () => false, home)).toBe(true);
  });
});
