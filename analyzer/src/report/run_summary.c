/* The --summary of a run (sweeps of big trees): what was parsed, what failed and why, cost. */
#include "run_summary.h"

#include "rules.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

long run_summary_self_rss_kb(void)
{
	struct rusage ru;

	return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : 0;
}

void run_summary_print_workers(FILE *out, const struct worker_run *run)
{
	for (size_t i = 0; run && i < run->nusage; i++) {
		const struct worker_usage *u = &run->usage[i];

		fprintf(out, "gendisk-lint: worker %ld: %zu files, peak RSS %.1f MiB, CPU %.1f s%s\n",
			u->pid, u->files, (double)u->max_rss_kb / 1024, u->cpu_s,
			u->killed ? " (killed)" : "");
	}
}

/* A count per distinct text, most frequent first. */
struct tally {
	char **keys;
	size_t *counts;
	size_t len, cap;
};

static void tally_add(struct tally *t, char *key /* owned */)
{
	for (size_t i = 0; i < t->len; i++)
		if (strcmp(t->keys[i], key) == 0) {
			t->counts[i]++;
			free(key);
			return;
		}
	if (t->len == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 16;
		t->keys = xrealloc(t->keys, t->cap * sizeof(*t->keys));
		t->counts = xrealloc(t->counts, t->cap * sizeof(*t->counts));
	}
	t->keys[t->len] = key;
	t->counts[t->len++] = 1;
}

static void tally_print(FILE *out, struct tally *t, size_t top, const char *indent)
{
	/* selection of the largest, ties in first-seen order */
	for (size_t shown = 0; shown < top && shown < t->len; shown++) {
		size_t best = shown;

		for (size_t i = shown + 1; i < t->len; i++)
			if (t->counts[i] > t->counts[best])
				best = i;
		if (best != shown) {
			char *k = t->keys[best];
			size_t c = t->counts[best];

			memmove(&t->keys[shown + 1], &t->keys[shown], (best - shown) * sizeof(*t->keys));
			memmove(&t->counts[shown + 1], &t->counts[shown],
				(best - shown) * sizeof(*t->counts));
			t->keys[shown] = k;
			t->counts[shown] = c;
		}
		fprintf(out, "%s%6zu  %s\n", indent, t->counts[shown], t->keys[shown]);
	}
	if (t->len > top)
		fprintf(out, "%s        (%zu more kinds)\n", indent, t->len - top);
}

static void tally_free(struct tally *t)
{
	for (size_t i = 0; i < t->len; i++)
		free(t->keys[i]);
	free(t->keys);
	free(t->counts);
}

/* The kind of an error: its text with the quoted names replaced by '*'. */
static char *error_kind(const char *msg)
{
	char *k = xmalloc(strlen(msg) + 1), *o = k;

	for (const char *p = msg; *p; p++) {
		const char *end = *p == '\'' ? strchr(p + 1, '\'') : NULL;

		if (end) {
			memcpy(o, "'*'", 3);
			o += 3;
			p = end;
		} else {
			*o++ = *p;
		}
	}
	*o = '\0';
	return k;
}

/* 'asm/foo.h' file not found -> asm/foo.h */
static char *missing_header(const char *msg)
{
	const char *end;

	if (msg[0] != '\'' || !strstr(msg, "' file not found"))
		return NULL;
	end = strchr(msg + 1, '\'');
	return end ? xstrndup(msg + 1, (size_t)(end - msg - 1)) : NULL;
}

void run_summary_print(FILE *out, const struct file_result *results, size_t n,
		       const struct run_stats *st)
{
	size_t prefiltered = 0, block_core = 0, parsed = 0, ok = 0, degraded = 0;
	size_t with_errors = 0, no_flags = 0, missing_headers = 0;
	size_t not_built = 0, not_built_degraded = 0;
	size_t functions = 0, damaged_functions = 0;
	size_t timeouts = 0, crashes = 0, other_errors = 0, findings = 0;
	size_t *per_rule = xcalloc(rules_count() + 1, sizeof(*per_rule));
	struct tally kinds = { 0 }, headers = { 0 };

	for (size_t i = 0; i < n; i++) {
		const struct file_result *r = &results[i];

		if (r->status == FILE_ERROR) {
			timeouts += r->timed_out;
			crashes += r->crashed;
			other_errors += !r->timed_out && !r->crashed;
			continue;
		}
		if (r->prefiltered || r->block_core) {
			prefiltered += r->prefiltered;
			block_core += r->block_core;
			continue;
		}
		parsed++;
		ok += r->status == FILE_OK;
		degraded += r->status == FILE_DEGRADED;
		if (st->not_built && st->not_built[i]) {
			not_built++;
			not_built_degraded += r->status == FILE_DEGRADED;
		}
		functions += r->nfunctions;
		damaged_functions += r->degraded_functions;
		missing_headers += r->missing_headers > 0;
		if (r->first_error) {
			char *h = missing_header(r->first_error);

			with_errors++;
			tally_add(&kinds, error_kind(r->first_error));
			if (h)
				tally_add(&headers, h);
		} else if (r->status == FILE_DEGRADED) {
			no_flags++; /* degraded without an error: no kernel flags */
		}
		for (size_t f = 0; f < r->findings.len; f++) {
			int k = rule_index(r->findings.items[f].rule_id);

			per_rule[k >= 0 ? (size_t)k : rules_count()]++;
			findings++;
		}
	}
	fprintf(out, "gendisk-lint summary: %zu files in %.1f s (-j%d, %s)\n", n, st->wall_s,
		st->jobs, st->file_timeout_s > 0 ? "worker processes" : "threads, no time limit");
	if (st->file_timeout_s > 0)
		fprintf(out, "  file time limit: %g s\n", st->file_timeout_s);
	fprintf(out, "  not parsed, token prefilter: %zu%s\n", prefiltered,
		st->prefilter ? "" : " (--no-prefilter)");
	if (block_core)
		fprintf(out, "  not analysed, block layer's own files: %zu (--include-block-core)\n",
			block_core);
	fprintf(out, "  parsed: %zu (ok %zu, degraded %zu: with errors %zu, of these with "
		"missing headers %zu; no kernel flags and no error %zu)\n", parsed, ok, degraded,
		with_errors, missing_headers, no_flags);
	if (st->tree_headers)
		fprintf(out, "  given a kernel tree's own headers and include dirs: %zu files "
			"(--no-ksrc: the kdir's)\n", st->tree_headers);
	if (not_built)
		fprintf(out, "  parsed but not built by the tree's configuration (other "
			"architectures' drivers and the like): %zu, degraded %zu; among the "
			"files it builds: %zu parsed, %zu degraded (%.0f %%)\n", not_built,
			not_built_degraded, parsed - not_built, degraded - not_built_degraded,
			parsed > not_built ? 100.0 * (double)(degraded - not_built_degraded) /
						     (double)(parsed - not_built)
					   : 0.0);
	fprintf(out, "  functions analysed on a damaged parse: %zu of %zu\n", damaged_functions,
		functions);
	if (kinds.len) {
		fprintf(out, "  files with errors by first error kind:\n");
		tally_print(out, &kinds, 15, "    ");
	}
	if (headers.len) {
		fprintf(out, "  first missing header (top 10):\n");
		tally_print(out, &headers, 10, "    ");
	}
	fprintf(out, "  timed out: %zu, crashed: %zu, unreadable or unparsable: %zu\n", timeouts,
		crashes, other_errors);
	fprintf(out, "  findings: %zu\n", findings);
	for (size_t k = 0; k < rules_count(); k++)
		if (per_rule[k])
			fprintf(out, "    %6zu  %s\n", per_rule[k], rule_at(k)->id);
	fprintf(out, "  peak RSS: gendisk-lint %.1f MiB", (double)run_summary_self_rss_kb() / 1024);
	if (st->workers && st->workers->nusage) {
		long max = 0, sum = 0;

		for (size_t i = 0; i < st->workers->nusage; i++) {
			long kb = st->workers->usage[i].max_rss_kb;

			max = kb > max ? kb : max;
			sum += kb;
		}
		fprintf(out, "; workers (%zu processes): max %.1f MiB, sum of peaks %.1f MiB",
			st->workers->nusage, (double)max / 1024, (double)sum / 1024);
	}
	fprintf(out, "\n");
	free(per_rule);
	tally_free(&kinds);
	tally_free(&headers);
}
