/* gendisk-lint: command line, input expansion, parallel workers, output. */
#include "cache_dir.h"
#include "ci_gate.h"
#include "compile_db.h"
#include "config_lookup.h"
#include "cpu_count.h"
#include "flag_translation.h"
#include "frontend.h"
#include "header_cache.h"
#include "input_files.h"
#include "kbuild_dir.h"
#include "kdir_flags.h"
#include "kernel_tree.h"
#include "kernel_version.h"
#include "config_coverage.h"
#include "ksrc_setup.h"
#include "module_build.h"
#include "output.h"
#include "output_ci.h"
#include "output_email.h"
#include "patch_review.h"
#include "progress.h"
#include "run_summary.h"
#include "rules.h"
#include "source_text.h"
#include "string_list.h"
#include "suppressions.h"
#include "token_prefilter.h"
#include "tree_flags.h"
#include "worker_processes.h"

#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static const char usage_text[] =
	"usage: gendisk-lint [options] FILE|DIR... [-- extra clang args]\n"
	"\n"
	"Checks the gendisk lifecycle of Linux block drivers along every path of\n"
	"each function: allocation checks, add_disk() results and failure cleanup,\n"
	"del_gendisk()/put_disk() order, leaks and use after put.\n"
	"\n"
	"Inputs: C files, directories (every *.c below them), or -p compile_commands.json.\n"
	"\n"
	"Options:\n"
	"  --kdir DIR         kernel build/headers dir: derive the kernel's compile flags\n"
	"                     (asked from kbuild once, cached under $GENDISK_CHECK_CACHE/flags)\n"
	"  -p FILE            compile_commands.json (kbuild's gen_compile_commands.py format);\n"
	"                     without FILE|DIR arguments, every C file in it is analysed\n"
	"  --kbuild-dir DIR   a built module dir (make -C KDIR M=DIR) or built dir of a kernel\n"
	"                     tree: each C file compiled there is parsed with its own command\n"
	"                     from kbuild's .NAME.o.cmd (the module's ccflags-y, -D, -I);\n"
	"                     an M= build needs --kdir (its relative paths); without\n"
	"                     FILE|DIR arguments every such file is analysed; repeatable\n"
	"  --print-compile-commands  print the compile_commands.json of -p or --kbuild-dir\n"
	"                     (directory, file, arguments), then exit\n"
	"  --ksrc TREE        a kernel source tree: its files are parsed with its own headers\n"
	"                     and kbuild's include dirs for them; its generated headers are\n"
	"                     prepared once (make O=<cache> allmodconfig modules_prepare, in\n"
	"                     $GENDISK_CHECK_CACHE/ksrc; the tree is not written).  Default\n"
	"                     without --kdir: the tree the run is in.  With --kdir only\n"
	"                     when both are of the same VERSION.PATCHLEVEL\n"
	"  --no-ksrc          no tree's own headers: a tree's files get the kdir's flags\n"
	"  --no-module-build  a module directory given with --kdir (a Kbuild, or a Makefile\n"
	"                     with obj-m) is by default parsed with its own compile commands:\n"
	"                     those of a build in place (.NAME.o.cmd), else of a build of a\n"
	"                     scratch copy (make -C KDIR M=<copy> modules; the directory\n"
	"                     is not written); this parses with the kdir's flags instead\n"
	"  --kernel X.Y       target kernel (default: LINUX_VERSION_CODE of the parsed headers)\n"
	"  --format=FORMAT    text (default), json, sarif (SARIF 2.1.0 with fingerprints),\n"
	"                     github (workflow-command annotations) or email (a reply to\n"
	"                     a patch: quoted hunks or source lines, findings under them)\n"
	"Patch review (the tree on disk is the patched state; only the C files the patch\n"
	"changes are analysed, FILE|DIR arguments narrow them; reported: findings on\n"
	"lines the patch adds or changes, and findings an analysis of the pre-patch\n"
	"files does not have, e.g. the leak opened by a removed put_disk()):\n"
	"  --diff FILE        the patch as a unified diff (git or diff -u); - for stdin;\n"
	"                     the pre-patch files are rebuilt by applying it in reverse\n"
	"  --diff-strip N     strip N leading path components (patch -pN; default: the\n"
	"                     level at which the patch's files exist)\n"
	"  --git-diff REV     the changes from REV to the work tree (git diff REV)\n"
	"  --staged           the staged changes against REV (default HEAD), for a\n"
	"                     pre-commit hook: the index's version is analysed\n"
	"  --baseline FILE    report only findings whose fingerprint is not in FILE\n"
	"  --write-baseline FILE  record the current findings' fingerprints in FILE\n"
	"                     (exit 0 unless an input error)\n"
	"  --report-unused-suppressions  report ignore[] comments that match no finding\n"
	"  --rule ID          run only this rule (repeatable)\n"
	"  --disable ID       do not run this rule (repeatable)\n"
	"  --min-confidence low|medium|high  only rules of at least this confidence\n"
	"  -j N               files analysed in parallel (default: number of CPUs)\n"
	"  --file-timeout SEC give up on a file after SEC seconds (default 120; a worker's\n"
	"                     first file gets 300 s more when it may build the header\n"
	"                     cache): it is reported as an error and the run goes on;\n"
	"                     files are analysed in worker processes.  0: no limit,\n"
	"                     worker threads\n"
	"  --no-prefilter     parse every file (default: a file in which no enabled rule's\n"
	"                     trigger token occurs, itself or in its local headers, is not\n"
	"                     parsed: it cannot produce a finding)\n"
	"  --summary          at the end, on stderr: files, parsed, not parsed (prefilter),\n"
	"                     errors by kind, timeouts, crashes, findings per rule, time, RSS\n"
	"  --fail-on-degraded exit 2 when a file was analysed on a damaged parse (missing\n"
	"                     headers, undeclared names, any parse error) or without\n"
	"                     kernel flags: its findings may be missing or wrong\n"
	"  --include-block-core  analyse the files of a kernel tree's block/ too (default:\n"
	"                     skipped, they implement the API the rules judge drivers by)\n"
	"  --list-rules       list the rules: id, severity, confidence, summary\n"
	"  --explain ID       rationale, wrong and right code, and the fix for a rule\n"
	"  --print-flags      print the clang flags that would be used, then exit\n"
	"  --no-header-cache  parse every header of every file (default: the common\n"
	"                     block headers come from a precompiled header cached\n"
	"                     under $GENDISK_CHECK_CACHE/pch, same findings, ~3x faster)\n"
	"  -v, --verbose      per file on stderr: whether the header cache was used;\n"
	"                     per worker process: files, peak RSS, CPU time\n"
	"  --config FILE      read this .gendisk-lint instead of looking for one above the\n"
	"                     inputs; --no-config reads none (options override the file)\n"
	"  --no-progress      no progress line on a terminal; --quiet: neither that nor notes\n"
	"  --version, --help\n"
	"Inline suppression, on the finding's line or the line before:\n"
	"  /* gendisk-lint: ignore[RULE-ID,...] REASON */  (or // ...); a missing REASON\n"
	"  is reported as suppression-without-reason.\n"
	"Compiler-style flags (-I, -D, -U, -include, -isystem, -nostdinc, -std=, -m*, -f*, -W*)\n"
	"are accepted as kbuild passes them to a checker (make C=1 CHECK=gendisk-lint);\n"
	"GCC-only ones are dropped.\n"
	"\n"
	"Exit status: 0 no findings, 1 findings, 2 usage or input error (with\n"
	"--fail-on-degraded also: a file was degraded).\n";

struct options {
	struct string_list inputs;
	struct string_list compiler_words; /* checker-style flags */
	struct string_list extra;
	const char *kdir;
	const char *compdb;
	struct string_list kbuild_dirs;
	int print_compile_commands;
	int kernel;
	enum { FORMAT_TEXT, FORMAT_JSON, FORMAT_SARIF, FORMAT_GITHUB, FORMAT_EMAIL } format;
	struct review_options review;
	int reviewing;
	const char *baseline;
	const char *write_baseline;
	int report_unused_suppressions;
	int jobs;
	double file_timeout;
	int no_prefilter;
	int summary;
	int print_flags;
	int no_header_cache;
	int verbose;
	unsigned char *rule_enabled;
	struct config_choice config;
	int cli_gave_rules, cli_gave_min_confidence;
	int quiet, no_progress;
	int fail_on_degraded;
	int include_block_core;
	int no_module_build;
	const char *ksrc;
	int no_ksrc;
};

static void die_usage(const char *fmt, const char *arg)
{
	fprintf(stderr, "gendisk-lint: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n(see gendisk-lint --help)\n");
	exit(2);
}

static void list_rules(void)
{
	for (size_t i = 0; i < rules_count(); i++) {
		const struct rule *r = rule_at(i);

		printf("%-22s %-8s %-7s %s\n", r->id, r->severity, r->confidence, r->summary);
	}
}

static int explain(const char *id)
{
	int i = rule_index(id);
	const struct rule *r;

	r = i >= 0 ? rule_at((size_t)i) : suppression_rule_find(id);
	if (!r) {
		fprintf(stderr, "gendisk-lint: unknown rule '%s' (see --list-rules)\n", id);
		return 2;
	}
	printf("%s (%s, confidence %s): %s\n\n%s", r->id, r->severity, r->confidence, r->summary,
	       r->explain);
	printf("\nScope of the analysis: one function at a time along every path, with "
	       "summaries of helpers defined in the same file; callbacks (e.g. ->remove, "
	       "->free_disk), other files and runtime state are out of scope.\n");
	return 0;
}

/* Flags kbuild passes to a checker, taken as compiler words. */
static int is_compiler_flag(const char *a)
{
	static const char *const prefixes[] = {
		"-I", "-D", "-U", "-include", "-imacros", "-isystem", "-iquote", "-idirafter",
		"-nostdinc", "-std=", "-m", "-f", "-W", "-O", "-g", "-c", NULL,
	};

	for (const char *const *p = prefixes; *p; p++)
		if (strncmp(a, *p, strlen(*p)) == 0)
			return 1;
	return 0;
}

static int takes_value(const char *a)
{
	return strcmp(a, "-I") == 0 || strcmp(a, "-D") == 0 || strcmp(a, "-U") == 0 ||
	       strcmp(a, "-include") == 0 || strcmp(a, "-imacros") == 0 ||
	       strcmp(a, "-isystem") == 0 || strcmp(a, "-iquote") == 0 ||
	       strcmp(a, "-idirafter") == 0;
}

static void set_rule(struct options *o, const char *id, int only)
{
	int i = rule_index(id);
	static int first_only = 1;

	if (i < 0) {
		fprintf(stderr, "gendisk-lint: unknown rule '%s' (see --list-rules)\n", id);
		exit(2);
	}
	if (only) {
		if (first_only) {
			memset(o->rule_enabled, 0, rules_count());
			first_only = 0;
		}
		o->rule_enabled[i] = 1;
	} else {
		o->rule_enabled[i] = 0;
	}
}

static const char *option_value(int argc, char **argv, int *i, const char *name)
{
	const char *a = argv[*i];
	size_t n = strlen(name);

	if (strncmp(a, name, n) == 0 && a[n] == '=')
		return a + n + 1;
	if (*i + 1 >= argc)
		die_usage("option %s needs a value", name);
	return argv[++*i];
}

/* low 0, medium 1, high 2; -1 if none of them */
static int confidence_rank(const char *c)
{
	return !strcmp(c, "low") ? 0 : !strcmp(c, "medium") ? 1 : !strcmp(c, "high") ? 2 : -1;
}

static void parse_options(int argc, char **argv, struct options *o)
{
	int rule_only_seen = 0;
	char *disabled[64];
	int ndisabled = 0;
	int min_confidence = 0;

	o->jobs = usable_cpu_count();
	o->file_timeout = 120;
	o->review.strip = -1;
	o->rule_enabled = xmalloc(rules_count() + 1);
	memset(o->rule_enabled, 1, rules_count() + 1);
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (strcmp(a, "--") == 0) {
			for (i++; i < argc; i++)
				string_list_push(&o->extra, argv[i]);
			break;
		}
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			fputs(usage_text, stdout);
			exit(0);
		}
		if (strcmp(a, "--version") == 0) {
			printf("gendisk-lint %s (libclang: ", GENDISK_LINT_VERSION);
			{
				CXString v = clang_getClangVersion();

				printf("%s)\n", clang_getCString(v));
				clang_disposeString(v);
			}
			exit(0);
		}
		if (strcmp(a, "--list-rules") == 0) {
			list_rules();
			exit(0);
		}
		if (strncmp(a, "--explain", 9) == 0 && (a[9] == '\0' || a[9] == '='))
			exit(explain(option_value(argc, argv, &i, "--explain")));
		if (strncmp(a, "--kdir", 6) == 0 && (a[6] == '\0' || a[6] == '=')) {
			o->kdir = option_value(argc, argv, &i, "--kdir");
		} else if (strcmp(a, "-p") == 0 || strncmp(a, "--compile-commands", 18) == 0) {
			o->compdb = option_value(argc, argv, &i, a[1] == 'p' ? "-p" : "--compile-commands");
		} else if (strncmp(a, "--kbuild-dir", 12) == 0 && (a[12] == '\0' || a[12] == '=')) {
			string_list_push(&o->kbuild_dirs, option_value(argc, argv, &i, "--kbuild-dir"));
		} else if (strcmp(a, "--print-compile-commands") == 0) {
			o->print_compile_commands = 1;
		} else if (strncmp(a, "--ksrc", 6) == 0 && (a[6] == '\0' || a[6] == '=')) {
			o->ksrc = option_value(argc, argv, &i, "--ksrc");
		} else if (strcmp(a, "--no-ksrc") == 0) {
			o->no_ksrc = 1;
		} else if (strcmp(a, "--no-module-build") == 0) {
			o->no_module_build = 1;
		} else if (strncmp(a, "--kernel", 8) == 0 && (a[8] == '\0' || a[8] == '=')) {
			const char *v = option_value(argc, argv, &i, "--kernel");

			o->kernel = kernel_version_parse(v);
			if (!o->kernel)
				die_usage("--kernel: '%s' is not a version like 6.12", v);
		} else if (strncmp(a, "--format", 8) == 0 && (a[8] == '\0' || a[8] == '=')) {
			const char *v = option_value(argc, argv, &i, "--format");

			if (strcmp(v, "json") == 0)
				o->format = FORMAT_JSON;
			else if (strcmp(v, "text") == 0)
				o->format = FORMAT_TEXT;
			else if (strcmp(v, "sarif") == 0)
				o->format = FORMAT_SARIF;
			else if (strcmp(v, "github") == 0)
				o->format = FORMAT_GITHUB;
			else if (strcmp(v, "email") == 0)
				o->format = FORMAT_EMAIL;
			else
				die_usage("--format: unknown format '%s' (text, json, sarif, github or email)",
					  v);
		} else if (strncmp(a, "--diff-strip", 12) == 0 && (a[12] == '\0' || a[12] == '=')) {
			const char *v = option_value(argc, argv, &i, "--diff-strip");
			char *end;
			long n = strtol(v, &end, 10);

			if (!*v || *end || n < 0 || n > 64)
				die_usage("--diff-strip: '%s' is not a number of path components", v);
			o->review.strip = (int)n;
		} else if (strncmp(a, "--diff", 6) == 0 && (a[6] == '\0' || a[6] == '=')) {
			o->review.diff_file = option_value(argc, argv, &i, "--diff");
		} else if (strncmp(a, "--git-diff", 10) == 0 && (a[10] == '\0' || a[10] == '=')) {
			o->review.git_rev = option_value(argc, argv, &i, "--git-diff");
		} else if (strcmp(a, "--staged") == 0 || strcmp(a, "--cached") == 0) {
			o->review.staged = 1;
		} else if (strncmp(a, "--baseline", 10) == 0 && (a[10] == '\0' || a[10] == '=')) {
			o->baseline = option_value(argc, argv, &i, "--baseline");
		} else if (strncmp(a, "--write-baseline", 16) == 0 &&
			   (a[16] == '\0' || a[16] == '=')) {
			o->write_baseline = option_value(argc, argv, &i, "--write-baseline");
		} else if (strcmp(a, "--report-unused-suppressions") == 0) {
			o->report_unused_suppressions = 1;
		} else if (strncmp(a, "--rule", 6) == 0 && (a[6] == '\0' || a[6] == '=')) {
			set_rule(o, option_value(argc, argv, &i, "--rule"), 1);
			rule_only_seen = 1;
		} else if (strncmp(a, "--disable", 9) == 0 && (a[9] == '\0' || a[9] == '=')) {
			const char *v = option_value(argc, argv, &i, "--disable");

			if (rule_index(v) < 0)
				set_rule(o, v, 0); /* exits with the message */
			if (ndisabled < 64)
				disabled[ndisabled++] = (char *)v;
		} else if (strncmp(a, "--min-confidence", 16) == 0 &&
			   (a[16] == '\0' || a[16] == '=')) {
			const char *v = option_value(argc, argv, &i, "--min-confidence");

			min_confidence = confidence_rank(v);
			o->cli_gave_min_confidence = 1;
			if (min_confidence < 0)
				die_usage("--min-confidence: '%s' is not low, medium or high", v);
		} else if (strncmp(a, "-j", 2) == 0) {
			const char *v = a[2] ? a + 2 : option_value(argc, argv, &i, "-j");
			char *end;
			long n = strtol(v, &end, 10);

			if (*end || n < 1 || n > 256)
				die_usage("-j: '%s' is not a number of jobs (1-256)", v);
			o->jobs = (int)n;
		} else if (strncmp(a, "--file-timeout", 14) == 0 && (a[14] == '\0' || a[14] == '=')) {
			const char *v = option_value(argc, argv, &i, "--file-timeout");
			char *end;
			double t = strtod(v, &end);

			if (!*v || *end || !(t >= 0) || t > 86400)
				die_usage("--file-timeout: '%s' is not a number of seconds (0: no limit)",
					  v);
			o->file_timeout = t;
		} else if (strcmp(a, "--no-prefilter") == 0) {
			o->no_prefilter = 1;
		} else if (strcmp(a, "--summary") == 0) {
			o->summary = 1;
		} else if (strcmp(a, "--fail-on-degraded") == 0) {
			o->fail_on_degraded = 1;
		} else if (strcmp(a, "--include-block-core") == 0) {
			o->include_block_core = 1;
		} else if (strncmp(a, "--config", 8) == 0 && (a[8] == '\0' || a[8] == '=')) {
			o->config.explicit_path = option_value(argc, argv, &i, "--config");
		} else if (strcmp(a, "--no-config") == 0) {
			o->config.disabled = 1;
		} else if (strcmp(a, "--quiet") == 0 || strcmp(a, "-q") == 0) {
			o->quiet = 1;
		} else if (strcmp(a, "--no-progress") == 0) {
			o->no_progress = 1;
		} else if (strcmp(a, "--print-flags") == 0) {
			o->print_flags = 1;
		} else if (strcmp(a, "--no-header-cache") == 0) {
			o->no_header_cache = 1;
		} else if (strcmp(a, "-v") == 0 || strcmp(a, "--verbose") == 0) {
			o->verbose = 1;
		} else if (strncmp(a, "--arch=", 7) == 0 || strcmp(a, "-pg") == 0 ||
			   strcmp(a, "-mlittle-endian") == 0 ||
			   strcmp(a, "-mbig-endian") == 0) {
			/* sparse-style checker flags from kbuild: ignored */
		} else if (a[0] == '-' && a[1] != '-' && is_compiler_flag(a)) {
			string_list_push(&o->compiler_words, a);
			if (takes_value(a) && i + 1 < argc)
				string_list_push(&o->compiler_words, argv[++i]);
		} else if (a[0] == '-' && a[1] != '\0') {
			die_usage("unknown option '%s'", a);
		} else {
			string_list_push(&o->inputs, a);
		}
	}
	o->cli_gave_rules = rule_only_seen;
	if (o->review.diff_file && (o->review.git_rev || o->review.staged))
		die_usage("%s", "--diff cannot be combined with --git-diff or --staged");
	o->reviewing = o->review.diff_file || o->review.git_rev || o->review.staged;
	if (o->review.strip >= 0 && !o->review.diff_file)
		die_usage("%s", "--diff-strip needs --diff");
	for (int k = 0; k < ndisabled; k++)
		set_rule(o, disabled[k], 0);
	/* confidence is a property of the rule: filtering is not running it */
	for (size_t r = 0; r < rules_count(); r++)
		if (confidence_rank(rule_at(r)->confidence) < min_confidence)
			o->rule_enabled[r] = 0;
}

struct work {
	struct file_job *jobs;
	struct file_result *results;
	size_t njobs;
	atomic_size_t next;
	struct analysis_settings settings;
	struct progress progress;
	double file_timeout;         /* > 0: worker processes with this limit per file */
	int any_kernel_flags;        /* some file has kernel flags (may use the header cache) */
	struct worker_run processes; /* their usage, after run_jobs */
};

static void *worker(void *arg)
{
	struct work *w = arg;
	CXIndex index = clang_createIndex(1, 0);

	for (;;) {
		size_t i = atomic_fetch_add(&w->next, 1);

		if (i >= w->njobs)
			break;
		progress_file_started(&w->progress, w->jobs[i].display);
		analyse_one(index, &w->jobs[i], &w->settings, &w->results[i]);
		progress_file_finished(&w->progress, w->results[i].findings.len);
	}
	clang_disposeIndex(index);
	return NULL;
}

/* The worker processes' side (worker_processes.h): one CXIndex per process. */
static CXIndex process_index;

static void process_analyse(void *ctx, size_t i, struct file_result *res)
{
	struct work *w = ctx;

	if (!process_index)
		process_index = clang_createIndex(1, 0);
	analyse_one(process_index, &w->jobs[i], &w->settings, res);
}

static void process_exit(void *ctx)
{
	(void)ctx;
	if (process_index)
		clang_disposeIndex(process_index);
	process_index = NULL;
}

static void process_started(void *ctx, size_t i)
{
	struct work *w = ctx;

	progress_file_started(&w->progress, w->jobs[i].display);
}

static void process_finished(void *ctx, size_t i)
{
	struct work *w = ctx;

	progress_file_finished(&w->progress, w->results[i].findings.len);
}

static void run_threads(struct work *w, int jobs);

/* the stack libclang gives a parse (its LIBCLANG_STACK_SIZE default) */
#define PARSE_STACK_SIZE ((size_t)8 << 20)

/*
 * libclang runs each parse on a thread it creates for it (crash recovery
 * on an 8 MiB stack) and joins, unless LIBCLANG_NOTHREADS is set; it
 * still recovers from a crash on the calling thread then.  Ours already
 * has that much stack: a worker process's main thread (when RLIMIT_STACK
 * allows it) or one of run_threads' (created with it).  The thread per
 * file cost a scheduling round on a busy machine (a new thread waits for
 * a CPU), measured at 4-13 % of the cached wall time of drivers/block.
 * An explicit LIBCLANG_NOTHREADS or LIBCLANG_STACK_SIZE is left alone.
 */
static void parse_on_calling_thread(void)
{
	struct rlimit rl;

	if (getenv("LIBCLANG_STACK_SIZE") || getrlimit(RLIMIT_STACK, &rl) != 0)
		return;
	if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < PARSE_STACK_SIZE)
		return;
	setenv("LIBCLANG_NOTHREADS", "1", 0);
}

static void run_jobs(struct work *w, int jobs)
{
	if (w->file_timeout > 0) {
		struct worker_run *run = &w->processes;

		run->njobs = w->njobs;
		run->nworkers = jobs;
		run->timeout_s = w->file_timeout;
		/* a worker's first file may wait for the header cache to be built */
		run->first_file_extra_s = w->settings.header_cache && w->any_kernel_flags ? 300 : 0;
		run->results = w->results;
		run->analyse = process_analyse;
		run->worker_exit = process_exit;
		run->started = process_started;
		run->finished = process_finished;
		run->ctx = w;
		if (worker_processes_run(run) != 0) {
			fprintf(stderr, "gendisk-lint: cannot start a worker process\n");
			exit(2);
		}
		return;
	}
	run_threads(w, jobs);
}

static void run_threads(struct work *w, int jobs)
{
	int nthreads = jobs < (int)w->njobs ? jobs : (int)w->njobs;
	pthread_t *threads = xcalloc((size_t)(nthreads > 0 ? nthreads : 1), sizeof(*threads));
	pthread_attr_t attr;

	/* the parse runs on these threads (parse_on_calling_thread) */
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, PARSE_STACK_SIZE + ((size_t)1 << 20));
	atomic_store(&w->next, 0);
	for (int t = 0; t < nthreads; t++)
		if (pthread_create(&threads[t], &attr, worker, w) != 0) {
			fprintf(stderr, "gendisk-lint: cannot start a worker thread\n");
			exit(2);
		}
	pthread_attr_destroy(&attr);
	for (int t = 0; t < nthreads; t++)
		pthread_join(threads[t], NULL);
	free(threads);
}

/*
 * Patch review after the CI gate: drop the findings of unchanged lines that
 * an analysis of the pre-patch text also has (patch_review.h).
 */
static void review_findings(struct patch_review *rv, const struct options *o, struct work *w,
			    struct ci_gate *gate)
{
	struct work old = { 0 };
	size_t *index = xcalloc(w->njobs ? w->njobs : 1, sizeof(*index));

	old.jobs = xcalloc(w->njobs ? w->njobs : 1, sizeof(*old.jobs));
	old.results = xcalloc(w->njobs ? w->njobs : 1, sizeof(*old.results));
	old.settings = w->settings;
	old.file_timeout = w->file_timeout;
	old.any_kernel_flags = w->any_kernel_flags;
	progress_init(&old.progress, 0, 0);
	for (size_t i = 0; i < w->njobs; i++) {
		const struct review_file *rf = patch_review_find(rv, w->jobs[i].display);

		if (!rf || w->results[i].status == FILE_ERROR)
			continue;
		if (!rf->old_text || !patch_review_needs_old(rf, &w->results[i]))
			continue; /* a new file, or only findings on changed lines */
		old.jobs[old.njobs] = w->jobs[i];
		old.jobs[old.njobs].contents = rf->old_text;
		old.jobs[old.njobs].contents_len = rf->old_len;
		index[old.njobs++] = i;
	}
	run_jobs(&old, o->jobs);
	for (size_t k = 0; k < old.njobs; k++) {
		size_t i = index[k];
		struct file_result *r = &old.results[k];
		struct source_text src;

		if (r->status == FILE_ERROR) {
			fprintf(stderr,
				"gendisk-lint: %s: note: the pre-patch version did not parse (%s); "
				"every finding in changed code is reported\n",
				w->jobs[i].display, r->message);
			file_result_free(r);
			continue;
		}
		source_text_from_buffer(old.jobs[k].contents, old.jobs[k].contents_len, &src);
		suppressions_apply(&r->findings, &src, o->rule_enabled,
				   o->report_unused_suppressions);
		patch_review_drop_older(rv, patch_review_find(rv, w->jobs[i].display), &w->results[i],
					gate->fps[i], &r->findings);
		gate->nfps[i] = w->results[i].findings.len;
		source_text_free(&src);
		file_result_free(r);
	}
	if (rv->not_reported)
		fprintf(stderr,
			"gendisk-lint: patch review: %zu finding%s present before the patch "
			"not reported\n",
			rv->not_reported, rv->not_reported == 1 ? "" : "s");
	free(index);
	free(old.jobs);
	free(old.results);
	free(old.processes.usage);
}

/* A module build is killed after this long (and the kdir's flags used). */
#define MODULE_BUILD_TIMEOUT_S 600.0
/* How many files a note names before "and N more". */
#define NOTE_MAX_NAMES 5

/* May a module directory among the inputs be built for its own commands?
 * Not when the commands are given (-p, --kbuild-dir, a checker's flags),
 * without --kdir, when asked not to, or inside a module build already. */
static int module_build_wanted(const struct options *o)
{
	return o->kdir && !o->no_module_build && !o->compdb && !o->kbuild_dirs.len &&
	       !o->compiler_words.len && !getenv(MODULE_BUILD_ENV);
}

/* "a.c, b.c, and 3 more": the names of list (owned). */
static char *name_list(const struct string_list *list)
{
	size_t n = list->len < NOTE_MAX_NAMES ? list->len : NOTE_MAX_NAMES;
	char *out = xstrdup("");

	for (size_t i = 0; i < n; i++) {
		char *next = xasprintf("%s%s%s", out, i ? ", " : "", list->items[i]);

		free(out);
		out = next;
	}
	if (list->len > n) {
		char *next = xasprintf("%s, and %zu more", out, list->len - n);

		free(out);
		out = next;
	}
	return out;
}

/*
 * Each module directory among the inputs (module_build.h) gets its own
 * compile commands in db.  Where its build failed and files of it are left
 * with the kdir's generic flags, a note says so: on stderr now (the text
 * report's header) and in notes for the JSON, SARIF and GitHub reports.
 */
static void module_commands(const struct options *o, const struct string_list *files,
			    struct compile_db *db, struct string_list *notes)
{
	struct string_list done = { 0 };

	for (size_t i = 0; i < o->inputs.len; i++) {
		const char *in = o->inputs.items[i];
		char real[PATH_MAX], *shown, *prefix, *names, *note = NULL;
		struct module_cmds m;
		struct string_list lacking = { 0 };
		size_t nfiles = 0, len = strlen(in);

		if (!realpath(in, real) || string_list_contains(&done, real) ||
		    !module_dir_is_module(in))
			continue;
		string_list_push(&done, real);
		while (len > 1 && in[len - 1] == '/')
			len--;
		shown = xasprintf("%.*s/", (int)len, in);
		prefix = strcmp(shown, "//") == 0 ? xstrdup("/") : xstrdup(shown);
		module_build_commands(in, o->kdir, o->jobs, MODULE_BUILD_TIMEOUT_S, db, &m);
		for (size_t k = 0; k < files->len; k++) {
			const char *f = files->items[k];

			size_t fl = strlen(f);

			if (strncmp(f, prefix, strlen(prefix)) != 0 ||
			    (fl > 6 && strcmp(f + fl - 6, ".mod.c") == 0))
				continue; /* another input's, or kbuild's generated one */
			nfiles++;
			if (!compile_db_find(db, f))
				string_list_push(&lacking, f + strlen(prefix));
		}
		if (o->verbose && m.detail)
			fprintf(stderr, "gendisk-lint: %s: note: %s\n", shown, m.detail);
		names = lacking.len ? name_list(&lacking) : NULL;
		if (m.build_failed && lacking.len == nfiles && nfiles)
			note = xasprintf("%s: module build failed (%s), parsed with the kdir's generic "
					 "flags (findings in #if branches its build does not compile "
					 "are possible)", shown, m.reason);
		else if (m.build_failed && lacking.len)
			note = xasprintf("%s: module build failed (%s), %s parsed with the kdir's "
					 "generic flags (findings in #if branches its build does not "
					 "compile are possible)", shown, m.reason, names);
		else if (lacking.len && o->verbose)
			fprintf(stderr, "gendisk-lint: %s: note: not compiled by its build, parsed "
				"with the kdir's flags: %s\n", shown, names);
		if (note) {
			if (!o->quiet)
				fprintf(stderr, "gendisk-lint: note: %s\n", note);
			string_list_push_owned(notes, note);
		}
		free(names);
		string_list_free(&lacking);
		module_cmds_free(&m);
		free(shown);
		free(prefix);
	}
	string_list_free(&done);
}

int main(int argc, char **argv)
{
	struct options o = { 0 };
	struct string_list files = { 0 }, kflags = { 0 }, checker_flags = { 0 };
	struct string_list tokens = { 0 }, run_notes = { 0 }, ksrc_flags = { 0 };
	struct string_list *file_extra = NULL;
	struct tree_flags tf = { 0 };
	char *ksrc_root = NULL, *ksrc_objdir = NULL;
	struct config_coverage cov = { 0 };
	struct timespec started;
	struct compile_db db = { 0 };
	char *kbuild_dir_marker = NULL;
	int have_db = 0;
	struct work w = { 0 };
	struct ci_gate gate = { 0 };
	struct patch_review review = { 0 };
	struct lint_config cfg = { 0 };
	size_t excluded = 0, ndegraded = 0;
	int gate_failed = 0;
	struct output_file *outs = NULL;
	char err[1024];
	int status = 0;
	const char *kernel_str = "";
	char kernel_buf[16];

	clock_gettime(CLOCK_MONOTONIC, &started);
	parse_on_calling_thread();
	parse_options(argc, argv, &o);
	if (o.compdb && o.kbuild_dirs.len)
		die_usage("%s", "-p and --kbuild-dir: give the compile commands one way");
	if (o.print_compile_commands && !o.compdb && !o.kbuild_dirs.len)
		die_usage("%s", "--print-compile-commands needs -p or --kbuild-dir");
	if (o.kbuild_dirs.len) /* the config is looked up from the (first) build dir */
		kbuild_dir_marker = xasprintf("%s/.", o.kbuild_dirs.items[0]);
	if (config_for_run(&o.config, &o.inputs, o.compdb ? o.compdb : kbuild_dir_marker, &cfg,
			   err, sizeof(err)) != 0) {
		fprintf(stderr, "gendisk-lint: %s\n", err);
		status = 2;
		goto out;
	}
	config_apply_rules(&cfg, o.rule_enabled, o.cli_gave_rules, o.cli_gave_min_confidence);
	o.kernel = o.kernel ? o.kernel : cfg.kernel;
	o.kdir = o.kdir ? o.kdir : cfg.kdir;
	o.fail_on_degraded |= cfg.fail_on_degraded;
	if (o.compdb && compile_db_load(o.compdb, &db, err, sizeof(err)) != 0) {
		fprintf(stderr, "gendisk-lint: %s\n", err);
		status = 2;
		goto out;
	}
	for (size_t i = 0; i < o.kbuild_dirs.len; i++) {
		if (kbuild_dir_load(o.kbuild_dirs.items[i], o.kdir, &db, err, sizeof(err)) != 0) {
			fprintf(stderr, "gendisk-lint: --kbuild-dir %s\n", err);
			status = 2;
			goto out;
		}
	}
	have_db = o.compdb || o.kbuild_dirs.len;
	if (o.print_compile_commands) {
		compile_db_write_json(&db, stdout);
		goto out;
	}
	if (o.kdir && kdir_flags(o.kdir, &kflags, err, sizeof(err)) != 0) {
		fprintf(stderr, "gendisk-lint: --kdir %s\n", err);
		status = 2;
		goto out;
	}
	tf.kdir_version = o.kdir ? kernel_tree_kdir_version(o.kdir) : -1;
	if (!o.no_ksrc && !have_db && !o.compiler_words.len) {
		struct ksrc_request kr = { o.ksrc, !o.kdir && !getenv(MODULE_BUILD_ENV), o.kdir,
					   tf.kdir_version, &o.inputs, o.jobs, o.quiet };

		if (ksrc_setup(&kr, &ksrc_root, &ksrc_objdir, &ksrc_flags, &run_notes, err,
			       sizeof(err)) != 0) {
			fprintf(stderr, "gendisk-lint: %s\n", err);
			status = 2;
			goto out;
		}
	}
	if (o.compiler_words.len) {
		char cwd[4096];

		translate_gcc_flags(&o.compiler_words, getcwd(cwd, sizeof(cwd)) ? cwd : NULL, 1,
				    &checker_flags);
	}
	if (o.print_flags) {
		const struct string_list *f = checker_flags.len ? &checker_flags
					      : ksrc_flags.len	  ? &ksrc_flags
								  : &kflags;

		for (size_t i = 0; i < f->len; i++)
			printf("%s\n", f->items[i]);
		goto out;
	}
	if (o.reviewing) {
		if (patch_review_load(&review, &o.review, err, sizeof(err)) != 0) {
			fprintf(stderr, "gendisk-lint: %s\n", err);
			status = 2;
			goto out;
		}
		patch_review_select(&review, &o.inputs, &files);
		if (!files.len)
			goto out; /* the patch changes no C file: nothing to review */
	}
	for (size_t i = 0; i < o.inputs.len && !o.reviewing; i++) {
		if (expand_input(o.inputs.items[i], &files, err, sizeof(err)) != 0) {
			fprintf(stderr, "gendisk-lint: %s\n", err);
			status = 2;
			goto out;
		}
	}
	if (!o.inputs.len && have_db && !o.reviewing)
		for (size_t i = 0; i < db.len; i++)
			string_list_push(&files, db.entries[i].display);
	excluded = config_drop_excluded(&cfg, &files);
	o.no_module_build |= cfg.no_module_build;
	if (files.len && module_build_wanted(&o)) {
		module_commands(&o, &files, &db, &run_notes);
		have_db |= db.len > 0;
	}
	if (!files.len) {
		if (o.inputs.len || excluded)
			goto out; /* directories without C files, or all excluded */
		die_usage("%s", "no input files");
	}

	w.njobs = files.len;
	w.jobs = xcalloc(files.len, sizeof(*w.jobs));
	w.results = xcalloc(files.len, sizeof(*w.results));
	file_extra = xcalloc(files.len, sizeof(*file_extra));
	tf.kdir_flags = &kflags;
	tf.ksrc_root = ksrc_root;
	tf.ksrc_flags = &ksrc_flags;
	w.settings.kernel_override = o.kernel;
	w.settings.rule_enabled = o.rule_enabled;
	w.settings.include_block_core = o.include_block_core;
	w.file_timeout = o.file_timeout;
	if (!o.no_prefilter && token_prefilter_tokens(o.rule_enabled, &tokens))
		w.settings.prefilter_tokens = &tokens;
	if (!o.no_header_cache) {
		char *root = cache_root(), *dir = xasprintf("%s/pch", root);

		w.settings.header_cache = header_cache_new(dir);
		free(dir);
		free(root);
	}
	for (size_t i = 0; i < files.len; i++) {
		struct file_job *j = &w.jobs[i];
		const struct compile_entry *ce = have_db ? compile_db_find(&db, files.items[i]) : NULL;

		j->path = files.items[i];
		j->display = files.items[i];
		j->extra = &o.extra;
		if (ce) {
			j->path = ce->file;
			j->flags = &ce->flags;
			j->have_kernel_flags = ce->flags.len > 0;
		} else if (checker_flags.len) {
			j->flags = &checker_flags;
			j->have_kernel_flags = 1;
		} else if (!o.no_ksrc &&
			   (j->flags = tree_flags_for(&tf, files.items[i], &file_extra[i])) != NULL) {
			string_list_extend(&file_extra[i], &o.extra);
			j->extra = &file_extra[i];
			j->have_kernel_flags = 1;
			j->add_kbuild_names = 1;
		} else if (kflags.len) {
			j->flags = &kflags;
			j->have_kernel_flags = 1;
			j->add_kbuild_names = 1;
		}
		if (!j->have_kernel_flags && o.extra.len)
			j->have_kernel_flags = string_list_contains(&o.extra, "-nostdinc");
		w.any_kernel_flags |= j->have_kernel_flags;
		if (o.reviewing) {
			const struct review_file *rf = patch_review_find(&review, j->display);

			if (rf && rf->new_text) { /* --staged: the index's version */
				j->contents = rf->new_text;
				j->contents_len = rf->new_len;
			}
		}
	}
	progress_init(&w.progress, files.len, !o.quiet && !o.no_progress);
	run_jobs(&w, o.jobs);
	progress_end(&w.progress);

	outs = xcalloc(files.len, sizeof(*outs));
	config_coverage_init(&cov, ksrc_root, ksrc_objdir, &files, w.results);
	for (size_t i = 0; i < files.len; i++) {
		struct file_result *r = &w.results[i];

		outs[i].display = w.jobs[i].display;
		outs[i].result = r;
		if (r->status == FILE_ERROR) {
			fprintf(stderr, "gendisk-lint: %s: error: %s\n", w.jobs[i].display, r->message);
			status = 2;
		} else if (r->stderr_note && !o.quiet) {
			fprintf(stderr, "%s\n", r->stderr_note);
			if (cov.why[i])
				fprintf(stderr, "gendisk-lint: %s: note: not built by the tree's "
					"configuration (%s): parsed for it all the same\n",
					w.jobs[i].display, cov.why[i]);
		}
		if (r->api_generation_note && !o.quiet)
			fprintf(stderr, "gendisk-lint: %s: note: %s\n", w.jobs[i].display,
				r->api_generation_note);
		if (r->status == FILE_DEGRADED)
			ndegraded++;
		if (o.verbose && (r->prefiltered || r->block_core))
			fprintf(stderr, "gendisk-lint: %s: note: %s\n", w.jobs[i].display, r->message);
		if (o.verbose && r->header_cache_note)
			fprintf(stderr, "gendisk-lint: %s: note: %s\n", w.jobs[i].display,
				r->header_cache_note);
		if (o.verbose && r->module_note)
			fprintf(stderr, "gendisk-lint: %s: note: %s\n", w.jobs[i].display,
				r->module_note);
		if (r->findings.len && status == 0)
			status = 1;
		if (!*kernel_str && r->version_code) {
			snprintf(kernel_buf, sizeof(kernel_buf), "%d.%d", r->version_code >> 16,
				 (r->version_code >> 8) & 0xff);
			kernel_str = kernel_buf;
		}
	}
	gate.baseline = o.baseline;
	gate.write_baseline = o.write_baseline;
	gate.report_unused = o.report_unused_suppressions;
	gate.rule_enabled = o.rule_enabled;
	if (ci_gate_apply(&gate, outs, w.jobs, w.results, files.len, err, sizeof(err)) != 0) {
		fprintf(stderr, "gendisk-lint: %s\n", err);
		status = 2;
		gate_failed = 1; /* no report, but everything is still freed below */
	} else if (o.baseline && !o.quiet) {
		fprintf(stderr, "gendisk-lint: %zu finding%s matched the baseline %s\n",
			gate.baselined, gate.baselined == 1 ? "" : "s", o.baseline);
	}
	if (o.reviewing && !gate_failed)
		review_findings(&review, &o, &w, &gate);
	if (status == 1)
		status = 0; /* decided again after suppressions, the baseline and the review */
	for (size_t i = 0; i < files.len && status != 2; i++)
		if (w.results[i].findings.len)
			status = 1;
	if (o.write_baseline && status == 1)
		status = 0; /* the findings are recorded, not failed */
	if (o.fail_on_degraded && ndegraded) {
		fprintf(stderr, "gendisk-lint: %zu file%s analysed on a damaged parse or without "
			"kernel flags (--fail-on-degraded)\n", ndegraded, ndegraded == 1 ? "" : "s");
		status = 2;
	}
	if (gate_failed)
		; /* no report */
	else if (o.format == FORMAT_JSON)
		output_json(stdout, outs, files.len, kernel_str, &run_notes);
	else if (o.format == FORMAT_SARIF)
		output_sarif(stdout, outs, files.len, gate.fps, kernel_str, &run_notes);
	else if (o.format == FORMAT_GITHUB)
		output_github(stdout, outs, files.len, &run_notes);
	else if (o.format == FORMAT_EMAIL)
		output_email(stdout, outs, files.len, w.jobs, o.reviewing ? &review : NULL);
	else
		output_text(stdout, outs, files.len);
	fflush(stdout);
	ci_gate_free(&gate);
	if (o.verbose)
		run_summary_print_workers(stderr, w.file_timeout > 0 ? &w.processes : NULL);
	if (o.summary) {
		struct run_stats st = { 0 };
		struct timespec ended;

		clock_gettime(CLOCK_MONOTONIC, &ended);
		st.wall_s = (double)(ended.tv_sec - started.tv_sec) +
			    (double)(ended.tv_nsec - started.tv_nsec) / 1e9;
		st.jobs = o.jobs;
		st.file_timeout_s = o.file_timeout;
		st.prefilter = w.settings.prefilter_tokens != NULL;
		st.workers = o.file_timeout > 0 ? &w.processes : NULL;
		st.tree_headers = tf.nfiles;
		st.not_built = cov.not_built;
		run_summary_print(stderr, w.results, files.len, &st);
	}

out: /* also the early exits: everything is freed (ASan's leak check runs the error paths) */
	for (size_t i = 0; w.results && i < files.len; i++)
		file_result_free(&w.results[i]);
	free(outs);
	free(w.jobs);
	free(w.results);
	for (size_t i = 0; file_extra && i < files.len; i++)
		string_list_free(&file_extra[i]);
	free(file_extra);
	tree_flags_free(&tf);
	string_list_free(&ksrc_flags);
	free(ksrc_root);
	free(ksrc_objdir);
	config_coverage_free(&cov);
	string_list_free(&files);
	string_list_free(&kflags);
	string_list_free(&checker_flags);
	string_list_free(&tokens);
	string_list_free(&run_notes);
	free(w.processes.usage);
	string_list_free(&o.inputs);
	string_list_free(&o.compiler_words);
	string_list_free(&o.extra);
	free(o.rule_enabled);
	header_cache_free(w.settings.header_cache);
	patch_review_free(&review);
	compile_db_free(&db);
	free(kbuild_dir_marker);
	string_list_free(&o.kbuild_dirs);
	lint_config_free(&cfg);
	return status;
}
