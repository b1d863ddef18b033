/**
 * Every job kind of the console: importing this module registers them (defineJob / schedule in
 * each area's jobs module). The API imports it to enqueue, the worker (worker-main.ts) to run them.
 * An area with jobs adds one import line here.
 */
import '../feeds/jobs.ts';
import '../matching/runs/jobs.ts';
import '../monitoring/jobs.ts';
import '../pricing/jobs.ts';
import '../insights/jobs.ts';
