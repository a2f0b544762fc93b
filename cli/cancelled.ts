/**
 * Ctrl-C at a prompt. Shells report a command killed by SIGINT as 128 + 2, and scripts test for
 * it; a prompt library catches the key itself, so the CLI has to give that status on its own.
 *
 * @module
 */

export const CANCELLED_EXIT_CODE = 130;

/** The person pressed Ctrl-C: nothing was changed, and the process exits 130. */
export class CancelledError extends Error {
  constructor(message = "Cancelled: nothing was changed.") {
    super(message);
    this.name = "CancelledError";
  }
}
