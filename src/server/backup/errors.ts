/** A problem an operator can act on: the commands print its message alone, never a stack trace. */
export class BackupError extends Error {
  override name = 'BackupError';
}
