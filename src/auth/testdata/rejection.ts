/**
 * For the unit tests of src/auth: the `JobseekError` a refusal rejects with, for its code, message
 * and retry time to be checked.
 *
 * @module
 */
import { strict as assert } from "node:assert";
import { JobseekError } from "../../domain/errors.ts";

/** The `JobseekError` `promise` rejects with; fails the test if it resolves or rejects otherwise. */
export async function rejection(promise: Promise<unknown>): Promise<JobseekError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof JobseekError, String(error));
    return error;
  }
  assert.fail("expected a rejection with a JobseekError");
}
