/**
 * The 405 answer for a known path called with a method it does not serve.
 *
 * @module
 */
import type { Handler } from "hono";
import { JobseekError } from "../domain/errors.ts";
import type { Logger } from "../log.ts";
import type { AppEnv } from "./app_deps.ts";
import { errorResponse } from "./error_response.ts";

/** A handler answering 405 METHOD_NOT_ALLOWED with an `Allow` header listing `methods`. */
export function methodNotAllowed(methods: string[], logger: Logger): Handler<AppEnv> {
  const allow = methods.join(", ");
  return function methodNotAllowedHandler(c) {
    const error = new JobseekError(
      "METHOD_NOT_ALLOWED",
      `Method not allowed: ${c.req.path} accepts ${allow}`,
    );
    const response = errorResponse(error, c.get("requestId"), logger);
    response.headers.set("allow", allow);
    return response;
  };
}
