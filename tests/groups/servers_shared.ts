/**
 * Test files run as one group in one worker (tests/suite_groups_test.ts has the why): several
 * jobseek serve processes on one store, and search processes behind one port. The floods and
 * OAuth against a server process are `servers_flood`: together the six files waited on their
 * servers for about 65 s, longer than the whole suite's goal (docs/testing.md, "Ninth pass").
 * Its tests mostly wait on servers and so run beside the CPU-bound groups.
 *
 * @module
 */
import "../sources_servers_test.ts";
import "../multi_process_test.ts";
import "../search_processes_test.ts";
