/**
 * A feed for a scheduled source to pull: a real HTTP server on a loopback port, since the puller's
 * own fetch (its timeout, size cap, conditional requests) is what such a test checks. It answers
 * whatever `answer` gives, which a test may replace between pulls, and counts the requests.
 *
 * @module
 */

export type FeedAnswer = (request: Request) => Response | Promise<Response>;

export interface FeedServer {
  /** The feed's URL, ending in `/feed.csv`. */
  readonly url: string;
  /** Requests answered so far. */
  readonly requests: number;
  answer: FeedAnswer;
  close(): Promise<void>;
}

/** Starts a feed answering `answer` (at first a 500, until the test sets what it serves). */
export function feedServer(
  answer: FeedAnswer = () => new Response("", { status: 500 }),
): FeedServer {
  let requests = 0;
  const feed = {
    answer,
    get requests() {
      return requests;
    },
  };
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (request) => {
    requests++;
    return feed.answer(request);
  });
  return Object.assign(feed, {
    url: `http://127.0.0.1:${server.addr.port}/feed.csv`,
    close: () => server.shutdown(),
  });
}
