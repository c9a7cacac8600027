/* Parse with KeepGoing, count missing headers, pick the target kernel, analyse. */
#include "frontend.h"

#include "api_generation.h"
#include "ast_lowering.h"
#include "block_layer_code.h"
#include "degraded_report.h"
#include "file_analysis.h"
#include "file_rules.h"
#include "flag_translation.h"
#include "header_cache.h"
#include "headerless_prelude.h"
#include "include_prefix.h"
#include "kernel_version.h"
#include "module_sources.h"
#include "read_file.h"
#include "rules.h"
#include "text_definitions.h"
#include "token_prefilter.h"
#include "tu_diagnostics.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void record_function_extents(const struct lowered_file *lf, struct file_result *res)
{
	res->functions = xcalloc(lf->nfuncs ? lf->nfuncs : 1, sizeof(*res->functions));
	res->nfunctions = lf->nfuncs;
	for (size_t i = 0; i < lf->nfuncs; i++) {
		res->functions[i].name = xstrdup(lf->funcs[i].name);
		res->functions[i].first_line = lf->funcs[i].loc.line;
		res->functions[i].last_line = lf->funcs[i].end_loc.line;
	}
}

struct pch_query {
	CXIndex index;
	const struct file_job *job;
	const struct analysis_settings *set;
};

static int name_use_in_pch(const struct include_context *ctx, const char *name, size_t len)
{
	const struct pch_query *q = ctx->data;
	int use = header_cache_name_use(q->set->header_cache, q->index, q->job->flags, name, len);

	if (use <= 0)
		return use;
	return INCLUDE_NAME_MENTIONED | (use & HC_NAME_DEFINED ? INCLUDE_NAME_DEFINED : 0);
}

/* The PCH this file can be parsed with, or NULL and why not in *why. */
static const char *usable_pch(CXIndex index, const struct file_job *job,
			      const struct analysis_settings *set, const char *text, char **why)
{
	struct pch_query q = { index, job, set };
	struct include_context ctx = { job->path, job->flags, job->extra, name_use_in_pch, &q };
	const char *pch;
	unsigned line;

	*why = NULL;
	if (!set->header_cache)
		return NULL; /* --no-header-cache */
	if (!job->have_kernel_flags || !job->flags) {
		*why = xstrdup("header cache not used: no kernel flags");
		return NULL;
	}
	if (!include_prefix_fits(text, &ctx, header_cache_headers, &line)) {
		*why = line ? xasprintf("header cache not used: line %u may change what the "
					"headers declare", line)
			    : xstrdup("header cache not used: none of its headers is included");
		return NULL;
	}
	pch = header_cache_pch(set->header_cache, index, job->flags);
	*why = pch ? xasprintf("parsed with the header cache %s", pch)
		   : xstrdup("header cache not used: it could not be built for these flags");
	return pch;
}

/* A parse whose diagnostics blame the PCH (stale after a header change,
 * or unreadable) must be redone without it. */
static int pch_failed(CXTranslationUnit tu)
{
	static const char *const blame_pch[] = { "precompiled header", "PCH file", NULL };
	unsigned blamed;

	tu_error_count(tu, blame_pch, &blamed);
	return blamed > 0;
}

static enum CXErrorCode parse(CXIndex index, const struct file_job *job, const char *pch,
			      CXTranslationUnit *tu)
{
	struct string_list args = { 0 };
	enum CXErrorCode rc;
	struct CXUnsavedFile unsaved = { job->path, job->contents, (unsigned long)job->contents_len };

	if (job->flags)
		string_list_extend(&args, job->flags);
	if (!job->have_kernel_flags)
		headerless_prelude_flags(&args);
	if (job->add_kbuild_names)
		kbuild_name_defines(job->path, &args);
	parse_noise_flags(&args);
	if (pch) {
		string_list_push(&args, "-include-pch");
		string_list_push(&args, pch);
	}
	if (job->extra)
		string_list_extend(&args, job->extra);
	rc = clang_parseTranslationUnit2(index, job->path, (const char *const *)args.items,
					 (int)args.len, job->contents ? &unsaved : NULL,
					 job->contents ? 1 : 0,
					 CXTranslationUnit_KeepGoing |
						 CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles,
					 tu);
	string_list_free(&args);
	return rc;
}

/*
 * The cached headers declare more than the file includes.  A name the
 * file gives its own meaning (a static function, a typedef, a macro of
 * its own) that one of those extra headers declares otherwise conflicts
 * only with the PCH: such a parse is redone without it.  The needles are
 * clang's texts for a declaration that disagrees with an earlier one.
 */
static int pch_conflict(CXTranslationUnit tu)
{
	static const char *const conflict[] = {
		"conflicting types for", "redefinition of", "static declaration of",
		"non-static declaration of", "typedef redefinition", "redeclared as different kind",
		NULL,
	};
	unsigned n;

	tu_error_count(tu, conflict, &n);
	return n > 0;
}

/* Parse text (job's file) with the header cache when it fits; a PCH that
 * does not load is rejected and the file parsed again without it, and so
 * is a file whose declarations conflict with the PCH's. */
static enum CXErrorCode parse_with_cache(CXIndex index, const struct file_job *job,
					 const struct analysis_settings *set, const char *text,
					 char **note, CXTranslationUnit *tu)
{
	const char *pch = usable_pch(index, job, set, text, note);
	enum CXErrorCode rc = parse(index, job, pch, tu);
	char *why = NULL;

	if (!pch)
		return rc;
	if (rc != CXError_Success || !*tu || pch_failed(*tu)) {
		why = xasprintf("header cache not used: %s did not load "
				"(removed; rebuilt on the next run)", pch);
		header_cache_reject(set->header_cache, pch);
	} else if (pch_conflict(*tu)) {
		why = xstrdup("header cache not used: a declaration of the file conflicts "
			      "with one of the cached headers");
	}
	if (!why)
		return rc;
	free(*note);
	*note = why;
	if (*tu)
		clang_disposeTranslationUnit(*tu);
	*tu = NULL;
	return parse(index, job, NULL, tu);
}

/* ------------------------------------------------ the module's other files */

/*
 * A helper of another .c file of the same module (module_sources.h) counts
 * like one of the file's own: its summary is computed from its lowered
 * body.  Only files whose text defines a function the main file calls
 * that reaches the lifecycle API (itself or through functions of that
 * file, text_definitions.h) are parsed; they are kept for the next files
 * of the same module (a worker takes a tree's files in order).
 */
#define MODULE_CACHE_FILES 16
#define MODULE_FILES_PER_FILE 8

struct module_file {
	char *path;
	struct lowered_file lf;
	int lowered;  /* 0: it did not parse: no functions */
	int in_use;   /* lent to the file being analysed */
};

/* per worker: a process, or a thread with --file-timeout 0 */
static _Thread_local struct module_file module_cache[MODULE_CACHE_FILES];
static _Thread_local unsigned module_cache_next;

struct called_names {
	const struct lowered_file *lf;
	struct string_list names;
};

static int collect_called(const struct ir_node *n, void *data)
{
	struct called_names *cn = data;
	const char *name;

	if (n->kind != IR_CALL || !(name = ir_call_name(n)) || !*name ||
	    string_list_contains(&cn->names, name) || lowered_function_index(cn->lf, name) >= 0)
		return 1;
	string_list_push(&cn->names, name);
	return 1;
}

/* The sibling's text defines one of names, and that function calls the
 * lifecycle API itself or through other functions of the sibling: a file
 * that only calls the helper, or defines a helper unrelated to disks, is
 * not worth its parse. */
static int sibling_may_help(const char *text, const struct string_list *names,
			    const struct string_list *lifecycle)
{
	struct string_list reaching = { 0 };
	int any = 0;

	for (size_t i = 0; i < lifecycle->len && !any; i++)
		any = strstr(text, lifecycle->items[i]) != NULL;
	if (any && text_definitions_reaching(text, lifecycle, &reaching)) {
		any = 0;
		for (size_t i = 0; i < names->len && !any; i++)
			any = string_list_contains(&reaching, names->items[i]);
	} else {
		any = 0;
	}
	string_list_free(&reaching);
	return any;
}

/* The sibling defines a function that calls the lifecycle API, itself or
 * through other functions of the sibling (its text: a comment or a string
 * naming put_disk() does not count). */
static int sibling_reaches_lifecycle(const char *text, const struct string_list *lifecycle)
{
	struct string_list reaching = { 0 };
	int any = text_definitions_reaching(text, lifecycle, &reaching) && reaching.len;

	string_list_free(&reaching);
	return any;
}

static struct module_file *module_file_get(CXIndex index, const struct file_job *job,
					   const struct analysis_settings *set, const char *path,
					   const char *text)
{
	struct file_job sj = *job;
	struct module_file *m;
	CXTranslationUnit tu = NULL;
	char *note = NULL;
	unsigned tries = 0;

	for (unsigned i = 0; i < MODULE_CACHE_FILES; i++)
		if (module_cache[i].path && !strcmp(module_cache[i].path, path))
			return &module_cache[i];
	do {
		m = &module_cache[module_cache_next];
		module_cache_next = (module_cache_next + 1) % MODULE_CACHE_FILES;
	} while (m->in_use && ++tries < MODULE_CACHE_FILES);
	if (m->in_use)
		return NULL;
	if (m->path) {
		free(m->path);
		if (m->lowered)
			lowered_file_free(&m->lf);
	}
	memset(m, 0, sizeof(*m));
	m->path = xstrdup(path);
	sj.path = path;
	sj.display = path;
	sj.contents = NULL;
	sj.contents_len = 0;
	if (parse_with_cache(index, &sj, set, text, &note, &tu) == CXError_Success && tu) {
		lower_main_file(tu, &m->lf);
		m->lowered = 1;
	}
	if (tu)
		clang_disposeTranslationUnit(tu);
	free(note);
	return m;
}

struct lifecycle_call {
	const struct string_list *lifecycle;
	int hit;
};

static int lifecycle_call_visit(const struct ir_node *n, void *data)
{
	struct lifecycle_call *lc = data;

	if (n->kind == IR_CALL && string_list_contains(lc->lifecycle, ir_call_name(n)))
		lc->hit = 1;
	return !lc->hit;
}

/* The file's non-static functions that call the lifecycle API themselves:
 * a sibling that calls one decides what becomes of the struct it fills
 * when it fails (frees it, or keeps it for a teardown), so that sibling
 * is worth its parse (text_calls_any()). */
static void file_lifecycle_functions(const struct lowered_file *lf,
				     const struct string_list *lifecycle, struct string_list *out)
{
	for (size_t i = 0; i < lf->nfuncs; i++) {
		struct lifecycle_call lc = { .lifecycle = lifecycle };

		if (lf->funcs[i].is_static || !lf->funcs[i].name)
			continue;
		ir_walk(lf->funcs[i].body, lifecycle_call_visit, &lc);
		if (lc.hit)
			string_list_push(out, lf->funcs[i].name);
	}
}

/* The sibling's text may release a disk: it names put_disk() or
 * blk_cleanup_disk(). */
static int sibling_may_release(const char *text)
{
	return strstr(text, "put_disk") || strstr(text, "blk_cleanup_disk");
}

/* The lowered other files of the module that may define helpers lf calls.
 * lf->module_partial is set when a sibling that may release a disk is not
 * among them, or the module's files are not known. */
static size_t module_files_for(CXIndex index, const struct file_job *job,
			       const struct analysis_settings *set, struct lowered_file *lf,
			       const struct lowered_file **out, char **note)
{
	struct string_list siblings = { 0 }, lifecycle = { 0 }, exported = { 0 };
	struct called_names cn = { .lf = lf };
	size_t n = 0;

	if (!job->contents && !module_sources_known(job->path))
		lf->module_partial = lf->module_exit_elsewhere = 1;
	if (!module_sibling_sources(job->path, &siblings))
		return 0;
	if (job->contents) {
		lf->module_partial = lf->module_exit_elsewhere = 1;
		string_list_free(&siblings);
		return 0;
	}
	for (size_t i = 0; i < lf->nfuncs; i++)
		ir_walk(lf->funcs[i].body, collect_called, &cn);
	disk_lifecycle_tokens(&lifecycle);
	file_lifecycle_functions(lf, &lifecycle, &exported);
	for (size_t i = 0; i < siblings.len; i++) {
		char *text = read_file(siblings.items[i], NULL);
		struct module_file *m;
		int lowered = 0;

		if (!text) {
			lf->module_partial = lf->module_exit_elsewhere = 1;
			continue;
		}
		if (strstr(text, "module_exit("))
			lf->module_exit_elsewhere = 1;
		/* a sibling with a function of its own reaching the lifecycle
		 * API is lowered too, called or not: its teardown (a flush, a
		 * remove, a release callback) is what reads the fields this
		 * file fills; and one that calls the file's lifecycle
		 * functions: what it does on their failure counts */
		if (n < MODULE_FILES_PER_FILE &&
		    ((cn.names.len && sibling_may_help(text, &cn.names, &lifecycle)) ||
		     (sibling_may_release(text) && sibling_reaches_lifecycle(text, &lifecycle)) ||
		     text_calls_any(text, &exported))) {
			m = module_file_get(index, job, set, siblings.items[i], text);
			if (m && m->lowered) {
				lowered = 1;
				char *more = xasprintf("%s%s%s", *note ? *note : "",
						       *note ? ", " : "", siblings.items[i]);

				free(*note);
				*note = more;
				m->in_use = 1;
				out[n++] = &m->lf;
			}
		}
		if (!lowered && sibling_may_release(text))
			lf->module_partial = 1;
		free(text);
	}
	if (*note) {
		char *full = xasprintf("helpers of the module's other files summarised: %s", *note);

		free(*note);
		*note = full;
	}
	string_list_free(&siblings);
	string_list_free(&lifecycle);
	string_list_free(&exported);
	string_list_free(&cn.names);
	return n;
}

static void module_files_release(void)
{
	for (unsigned i = 0; i < MODULE_CACHE_FILES; i++)
		module_cache[i].in_use = 0;
}

void analyse_one(CXIndex index, const struct file_job *job, const struct analysis_settings *set,
		 struct file_result *res)
{
	CXTranslationUnit tu = NULL;
	enum CXErrorCode rc;
	unsigned errors = 0;
	int headers_version;
	struct string_list undeclared = { 0 };
	struct lowered_file lf;
	struct lint_target target;
	const struct lowered_file *module[MODULE_FILES_PER_FILE];
	size_t nmodule;
	char *text;

	memset(res, 0, sizeof(*res));
	/* job->contents: a text in memory (patch review's pre-patch version) */
	text = job->contents ? xstrndup(job->contents, job->contents_len) : read_file(job->path, NULL);
	if (!text) {
		res->status = FILE_ERROR;
		res->message = xasprintf("cannot open %s: %s", job->path, strerror(errno));
		return;
	}
	if (!set->include_block_core && block_core_file(job->path)) {
		free(text);
		res->status = FILE_OK;
		res->block_core = 1;
		res->message = xstrdup("not analysed: it implements the block layer (block/ of a "
				       "kernel tree), the rules judge drivers (--include-block-core "
				       "analyses it)");
		return;
	}
	if (set->prefilter_tokens &&
	    !token_prefilter_hit(job->path, text, job->flags, job->extra, set->prefilter_tokens)) {
		free(text);
		res->status = FILE_OK;
		res->prefiltered = 1;
		res->message = xstrdup("not parsed: no rule's trigger token occurs in it or its "
				       "local headers (token prefilter)");
		return;
	}
	rc = parse_with_cache(index, job, set, text, &res->header_cache_note, &tu);
	free(text);
	if (rc != CXError_Success || !tu) {
		res->status = FILE_ERROR;
		res->message = xasprintf("libclang could not parse %s (error %d)", job->path, (int)rc);
		return;
	}
	errors = tu_error_count(tu, NULL, NULL);
	res->first_error = errors ? tu_first_error(tu) : NULL;
	res->missing_headers = tu_missing_headers(tu, &res->first_missing_headers,
						  MAX_MISSING_HEADERS_SHOWN);
	tu_undeclared_functions(tu, &undeclared);
	headers_version = kernel_version_of_tu(tu, job->flags);
	lint_target_set(&target, set->kernel_override ? set->kernel_override : headers_version);
	res->version_code = target.version_code;
	lower_main_file(tu, &lf);
	res->degraded_functions = lowered_degraded_functions(&lf);
	nmodule = module_files_for(index, job, set, &lf, module, &res->module_note);
	analyse_file(&lf, module, nmodule, &target, set->rule_enabled, &res->findings);
	module_files_release();
	record_function_extents(&lf, res);
	degraded_report(res, job->display, job->have_kernel_flags, errors);
	/* only kernel headers that tell their version can lack another generation's
	 * API; without them every kernel function is undeclared */
	if (job->have_kernel_flags && headers_version)
		res->api_generation_note = api_generation_note(&undeclared, headers_version);
	string_list_free(&undeclared);
	finding_list_sort(&res->findings);
	lowered_file_free(&lf);
	clang_disposeTranslationUnit(tu);
}

void file_result_free(struct file_result *res)
{
	free(res->message);
	free(res->stderr_note);
	free(res->header_cache_note);
	free(res->module_note);
	free(res->first_error);
	string_list_free(&res->first_missing_headers);
	free(res->api_generation_note);
	finding_list_free(&res->findings);
	for (size_t i = 0; i < res->nfunctions; i++)
		free(res->functions[i].name);
	free(res->functions);
	memset(res, 0, sizeof(*res));
}
