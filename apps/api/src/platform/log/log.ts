/** The logging that code outside the HTTP layer needs; the app's pino logger (`app.log`) is one. */
export interface Log {
  error(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}
