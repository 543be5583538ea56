export default async function globalTeardown(): Promise<void> {
  const infra = globalThis.__opennestTestInfra;
  if (!infra) return;
  infra.users -= 1;
  if (infra.users > 0) return;
  globalThis.__opennestTestInfra = undefined;
  await infra.stop();
}
