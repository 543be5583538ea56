import { startTestInfrastructure } from './infrastructure';

declare global {
  var __opennestTestInfra: { stop: () => Promise<void>; users: number } | undefined;
}

/** Shared by the integration and browser projects: started once, however many projects run. */
export default async function globalSetup(): Promise<void> {
  if (globalThis.__opennestTestInfra) {
    globalThis.__opennestTestInfra.users += 1;
    return;
  }
  const stop = await startTestInfrastructure();
  globalThis.__opennestTestInfra = { stop, users: 1 };
}
