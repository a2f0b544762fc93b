/**
 * The city of a posting that names no place, only that the work is remote: neither a place on the
 * map nor one a query's place matches.
 *
 * @module
 */

/** City of a posting that names no place, only that the work is remote. */
export const REMOTE_CITY = "Remote";
