export declare const MEMORY_BOUND: { ratio: number; floorMb: number };

export interface SoakFigures {
  engineers: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  errors: number;
  busyAnswersRetried: number;
  firstErrors: string[];
  draftsSaved: number;
  filesUploaded: number;
  reportsSubmitted: number;
  retriesWithSameId: number;
  reportsStored: number;
  reportsLost: number;
  reportsDuplicatedOrUnexpected: number;
  reportsWithoutPdf: number;
  /** From a report's submit to its PDF built, the engineers' apart from the attack soak's attacker's. */
  pdfWaitMs: Record<'engineers' | 'attacker', { p50: number; p99: number; max: number; reports: number }>;
  /** From the last engineer's last request to the last PDF built (or to giving up on a queue stuck for 30 s). */
  pdfQueueDrainMs: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  rssMb: {
    afterWarmUp: number;
    atEnd: number;
    peak: number;
    bound: number;
    trendPer10Minutes: number | null;
    samples: number;
  };
  rssEvery10s: number[];
  /** What the run cost the machine: the server's CPU (per request answered), the load generators', the load average. */
  cpu: {
    cores: number;
    serverSeconds: number;
    serverMsPerRequest: number;
    serverRequests: number;
    driverSeconds: number;
    /** The attack soak's sign-in flood sender, a process of its own; null without the attack. */
    floodSeconds: number | null;
    loadAverage: { atStart: number[]; atEnd: number[] };
  };
}

export declare function runSoak(options: {
  seconds?: number;
  engineers?: number;
  port?: number;
  poolSize?: number;
  databaseUrl: string;
  /** An account nobody attacks signs in every 5 s from a new address (figures.ownerSignIn). */
  owner?: boolean;
  log?: (line: string) => void;
}): Promise<{ ok: boolean; figures: SoakFigures }>;
