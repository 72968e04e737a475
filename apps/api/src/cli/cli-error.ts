/** A failure the operator command line reports in one line and ends with `exitCode` (2: wrong usage). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

export const usageError = (message: string) => new CliError(`${message}\nSee: npm run admin -- --help`, 2);
