/**
 * Test files run as one group in one worker (tests/suite_groups_test.ts has the why): REST, MCP
 * and OAuth on the app in this process.
 *
 * @module
 */
import "../rest_search_test.ts";
import "../rest_errors_test.ts";
import "../rest_auth_rate_limit_test.ts";
import "../rest_cors_test.ts";
import "../rest_result_cap_test.ts";
import "../openapi_test.ts";
import "../mcp_http_test.ts";
import "../mcp_batch_limit_test.ts";
import "../mcp_protocol_test.ts";
import "../mcp_conformance_test.ts";
import "../mcp_stdio_test.ts";
import "../oauth_registration_test.ts";
import "../oauth_authorization_test.ts";
import "../oauth_tokens_test.ts";
import "../oauth_refusals_test.ts";
import "../oauth_sdk_client_test.ts";
import "../oauth_host_test.ts";
import "../web_host_test.ts";
import "../list_cities_test.ts";
import "../search_first_page_test.ts";
import "../health_unloadable_test.ts";
import "../client_abort_test.ts";
import "../fuzz_test.ts";
import "../request_framing_differential_test.ts";
import "../../src/http/request_framing_test.ts";
import "../connection_share_test.ts";
import "../../src/web/metrics_test.ts";
import "../../src/web/description_test.ts";
