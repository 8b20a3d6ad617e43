import { backgroundJobs, runJobOnce, type JobContext } from '../jobs';

export const JOBS_USAGE = `  node backend/dist/cli.js jobs:run NOMBRE               corre ya una tarea automática (${backgroundJobs.map((j) => j.name).join(', ')})`;

/**
 * `jobs:run NAME`: one background job now (after fixing what made it fail, or to reconcile the
 * payments without waiting), never while another replica runs it; its changes are audited as the job.
 */
export async function runJobCommand(
  argv: string[],
  deps: JobContext & { out: (line: string) => void; err: (line: string) => void },
): Promise<number> {
  const [, name] = argv;
  const job = backgroundJobs.find((j) => j.name === name);
  if (!job) {
    deps.err(`Uso:\n${JOBS_USAGE}`);
    return 2;
  }
  const run = await runJobOnce(job, deps, { force: true });
  if (!run.ran) {
    deps.err(`La tarea ${job.name} está corriendo en otra réplica: probá en unos minutos.`);
    return 1;
  }
  if (!run.result) {
    deps.err(`La tarea ${job.name} falló: el motivo está en el log.`);
    return 1;
  }
  deps.out(`${job.name}: ${JSON.stringify(run.result)}`);
  return 0;
}
